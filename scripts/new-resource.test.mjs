import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';

// new-resource.mjs on a copy of the repository's registries: it writes the four files and registers the resource
// in each registry, in the places the guide names; it refuses to overwrite or to guess.

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REGISTRIES = ['packages/shared/src/registry.ts', 'packages/shared/src/index.ts', 'apps/api/src/db/schema.ts', 'apps/api/src/crud/registry.ts', 'apps/web/src/app/page-routes.ts'];
const dirs = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function scratch() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'new-resource-'));
  dirs.push(dir);
  for (const rel of REGISTRIES) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.copyFileSync(path.join(repo, rel), path.join(dir, rel));
  }
  return dir;
}
const run = (dir, ...args) => execFileSync(process.execPath, [path.join(repo, 'scripts/new-resource.mjs'), '--root', dir, ...args], { encoding: 'utf8', stdio: 'pipe' });
const read = (dir, rel) => fs.readFileSync(path.join(dir, rel), 'utf8');
/** What TypeScript cannot parse in a file (a line spliced into the middle of an expression). */
const syntaxErrors = (text) =>
  (ts.transpileModule(text, { reportDiagnostics: true, compilerOptions: { jsx: ts.JsxEmit.Preserve } }).diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));

describe('npm run new:resource', () => {
  it('writes the declaration, table, module and UI, and registers each once', () => {
    const dir = scratch();
    run(dir, 'paint-colours', '--singular', 'Paint Colour', '--page', '/products/paint-colours', '--menu', 'Products');
    expect(read(dir, 'packages/shared/src/resources/paint-colours.ts')).toMatch(/export const paintColours = defineResource\(\{\n {2}name: 'paint-colours',[\s\S]*fixture:/);
    expect(read(dir, 'apps/api/src/resources/paint-colours/paint-colours.table.ts')).toMatch(/export const paintColoursTable = pgTable\('paint_colours'/);
    expect(read(dir, 'apps/api/src/resources/paint-colours/paint-colours.module.ts')).toMatch(/defineCrudModule\(\{ resource: paintColours, table: paintColoursTable \}\)/);
    expect(read(dir, 'apps/web/src/features/paint-colours/paint-colours.ui.tsx')).toMatch(/export function PaintColoursPage/);

    const registry = read(dir, 'packages/shared/src/registry.ts');
    expect(registry).toContain("import { paintColours } from './resources/paint-colours.js';");
    expect(registry).toMatch(/export const resources = \{[^}]*, paintColours \} as const;/);
    expect(read(dir, 'packages/shared/src/index.ts')).toContain("export * from './resources/paint-colours.js';");
    expect(read(dir, 'apps/api/src/db/schema.ts')).toContain("export { paintColoursTable } from '../resources/paint-colours/paint-colours.table.js';");
    expect(read(dir, 'apps/api/src/crud/registry.ts')).toMatch(/export const crudModules = \[[^\]]*, paintColoursModule\] as unknown as CrudModule\[\];/);
    const routes = read(dir, 'apps/web/src/app/page-routes.ts');
    expect(routes).toContain("const PaintColours: Page = lazyPage(() => import('../features/paint-colours/paint-colours.ui').then((m) => m.PaintColoursPage));");
    // after the last page of its menu group, so the menu lists it last there
    const lines = routes.split('\n');
    const at = lines.findIndex((l) => l.includes("path: '/products/paint-colours'"));
    expect(lines[at]).toContain("access: 'admin', page: PaintColours, menu: { admin: { in: 'Products' } }");
    expect(lines.slice(at + 1).some((l) => l.includes("in: 'Products'"))).toBe(false);
    // the products' pages are one `...outlets.map(...)` over several lines: the entry goes after it (or after a page
    // placed there since), never inside it
    expect(lines[at - 1]).toMatch(/^ {2}(\}\)\),|\{ path: .*\},)$/);
    for (const rel of REGISTRIES) expect(syntaxErrors(read(dir, rel)), rel).toEqual([]);
  });

  it('--ledger gives it a price and a payment ledger, with the daily-totals triggers drizzle-kit does not write', () => {
    const dir = scratch();
    const said = run(dir, 'gift-cards', '--singular', 'Gift Card', '--ledger', 'deposits');
    const shared = read(dir, 'packages/shared/src/resources/gift-cards.ts');
    expect(shared).toContain("ledger: { charge: 'price', singular: 'Payment' },");
    expect(shared).toContain("totals: ['price', 'amount_paid', 'balance'],");
    expect(shared).toMatch(/price: money\(\),/);
    const table = read(dir, 'apps/api/src/resources/gift-cards/gift-cards.table.ts');
    expect(table).toContain("...ledgerColumns('price'),");
    expect(table).toContain("export const giftCardPaymentsTable = ledgerTable('gift_card_payments', () => giftCardsTable.id);");
    expect(read(dir, 'apps/api/src/resources/gift-cards/gift-cards.module.ts')).toContain('ledger: { table: giftCardPaymentsTable }');
    expect(read(dir, 'apps/api/src/db/schema.ts')).toContain("export { giftCardsTable, giftCardPaymentsTable } from '../resources/gift-cards/gift-cards.table.js';");
    // the three statement triggers every ledger has (daily-totals.test.ts counts them), under the source given
    const triggers = read(dir, 'apps/api/src/resources/gift-cards/gift-cards.daily-totals.sql');
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      expect(triggers).toMatch(new RegExp(`CREATE TRIGGER daily_totals_${op.toLowerCase()} AFTER ${op} ON gift_card_payments .* EXECUTE FUNCTION daily_totals_ledger\\('deposits'\\);`));
    }
    // and how they reach a migration
    expect(said).toContain('npm run new:resource -- gift-cards --triggers');
    for (const rel of ['packages/shared/src/resources/gift-cards.ts', 'apps/api/src/resources/gift-cards/gift-cards.table.ts', 'apps/api/src/resources/gift-cards/gift-cards.module.ts']) {
      expect(syntaxErrors(read(dir, rel)), rel).toEqual([]);
    }
    expect(() => run(dir, 'vouchers', '--singular', 'Voucher', '--ledger', 'Not A Word')).toThrow(/one word/);
  });

  it('writes what docs/adding-a-resource.md shows: the guide\'s command, and each `export const` line of its example', () => {
    const guide = fs.readFileSync(path.join(repo, 'docs/adding-a-resource.md'), 'utf8');
    const command = guide.match(/npm run new:resource -- (gift-cards [^\n]+)/)[1];
    const argv = [...command.matchAll(/"([^"]+)"|(\S+)/g)].map((m) => m[1] ?? m[2]);
    const dir = scratch();
    run(dir, ...argv);
    const written = ['packages/shared/src/resources/gift-cards.ts', 'apps/api/src/resources/gift-cards/gift-cards.table.ts', 'apps/api/src/resources/gift-cards/gift-cards.module.ts']
      .map((rel) => read(dir, rel))
      .join('\n');
    const squash = (text) => text.replace(/\s+/g, ' ');
    const shown = guide.split('\n').filter((l) => /^export const giftCard/.test(l));
    expect(shown.length).toBeGreaterThanOrEqual(4);
    for (const line of shown) {
      // a line the guide shortens (`...recordBase, name: ...` on one line) is the generated text with its line breaks folded
      expect(squash(written).replace(/,? ?\}\);/g, ' });').replace(/\( ?\{ /g, '({ '), line).toContain(squash(line).replace(/,? ?\}\);/g, ' });').replace(/\( ?\{ /g, '({ ').replace(/ \{ \.\.\./, ' { ...'));
    }
    expect(read(dir, 'apps/web/src/app/page-routes.ts')).toContain("path: '/clients/gift-cards'");
  });

  it('refuses a resource that exists, and a bad name, changing nothing', () => {
    const dir = scratch();
    run(dir, 'paint-colours', '--singular', 'Paint Colour');
    const before = REGISTRIES.map((rel) => read(dir, rel));
    expect(() => run(dir, 'paint-colours', '--singular', 'Paint Colour')).toThrow(/exists already/);
    expect(() => run(dir, 'Paint_Colours', '--singular', 'Paint Colour')).toThrow(/kebab case/);
    expect(() => run(dir, 'glazes')).toThrow(/--singular/);
    expect(REGISTRIES.map((rel) => read(dir, rel))).toEqual(before);
  });
});
