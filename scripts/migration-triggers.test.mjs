// Database triggers are declared beside their tables (`*.triggers.ts` next to `*.table.ts`, issue 29), while the
// migrations that create them are written by hand (drizzle-kit writes no trigger). This checks the two agree: every
// CREATE TRIGGER of the migrations is declared, beside the table it is on, with the same text; every declared one is
// created by a migration; each trigger function's declared text is its last definition in the migrations. A trigger
// declared and forgotten in the migrations (or the reverse) fails here (docs/decisions/038-module-front-doors.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const API = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api');

/** The CREATE FUNCTION and CREATE TRIGGER statements of some SQL, in order: { kind, name, table, text }. */
export function createStatements(sqlText) {
  const out = [];
  const start = /CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)\s+(\w+)/gi;
  for (let m = start.exec(sqlText); m; m = start.exec(sqlText)) {
    let end;
    if (m[2].toUpperCase() === 'FUNCTION') {
      const open = /\$(\w*)\$/g;
      open.lastIndex = start.lastIndex;
      const tag = open.exec(sqlText);
      end = sqlText.indexOf(';', sqlText.indexOf(tag[0], open.lastIndex) + tag[0].length) + 1;
    } else end = sqlText.indexOf(';', start.lastIndex) + 1;
    const text = sqlText.slice(m.index, end);
    out.push({ kind: m[2].toUpperCase(), name: m[3], table: m[2].toUpperCase() === 'TRIGGER' ? /\bON\s+(\w+)/i.exec(text)[1] : null, text });
    start.lastIndex = end;
  }
  return out;
}

const norm = (text) => text.replace(/^CREATE\s+OR\s+REPLACE\s+/i, 'CREATE ').replace(/\s+/g, ' ').trim();
const isTriggerFunction = (s) => s.kind === 'FUNCTION' && /RETURNS\s+trigger/i.test(s.text);

/** What the migrations (in order) and the declarations disagree on: empty lists when they agree. */
export function triggerDrift(migrations, declared) {
  const created = new Map(); // trigger: "name on table" -> text; function: name -> its last text
  for (const s of migrations.flatMap(createStatements)) {
    if (s.kind === 'TRIGGER') created.set(`trigger ${s.name} on ${s.table}`, norm(s.text));
    else if (isTriggerFunction(s)) created.set(`function ${s.name}`, norm(s.text));
  }
  const said = new Map();
  for (const s of declared.flatMap(createStatements)) said.set(s.kind === 'TRIGGER' ? `trigger ${s.name} on ${s.table}` : `function ${s.name}`, norm(s.text));
  return {
    notInMigrations: [...said.keys()].filter((k) => !created.has(k)),
    notDeclared: [...created.keys()].filter((k) => !said.has(k)),
    differ: [...said.keys()].filter((k) => created.has(k) && created.get(k) !== said.get(k)),
  };
}

const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
const migrations = () =>
  fs
    .readdirSync(path.join(API, 'drizzle'))
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => fs.readFileSync(path.join(API, 'drizzle', f), 'utf8'));
async function declarations() {
  const files = walk(path.join(API, 'src')).filter((f) => f.endsWith('.triggers.ts'));
  const out = [];
  for (const file of files) {
    const mod = await import(file);
    for (const value of Object.values(mod)) for (const text of value) out.push({ file, text });
  }
  return out;
}

describe('database triggers declared beside their tables', () => {
  it('the migrations create exactly the declared triggers and trigger functions, with the same text', async () => {
    const declared = await declarations();
    expect(declared.length).toBeGreaterThan(0);
    expect(triggerDrift(migrations(), declared.map((d) => d.text))).toEqual({ notInMigrations: [], notDeclared: [], differ: [] });
  });

  it('each trigger sits in the *.triggers.ts beside the *.table.ts of the table it is on', async () => {
    const misplaced = [];
    for (const { file, text } of await declarations()) {
      const tableFile = file.replace(/\.triggers\.ts$/, '.table.ts');
      const tables = fs.existsSync(tableFile) ? fs.readFileSync(tableFile, 'utf8') : '';
      for (const s of createStatements(text)) if (s.kind === 'TRIGGER' && !tables.includes(`'${s.table}'`)) misplaced.push(`${s.name} on ${s.table} in ${path.relative(API, file)}`);
    }
    expect(misplaced).toEqual([]);
  });

  it('fires on a trigger declared and forgotten in the migrations, one created and not declared, and a changed function', () => {
    const migration = `CREATE FUNCTION f() RETURNS trigger AS $$ BEGIN RETURN NEW; END $$ LANGUAGE plpgsql;
CREATE TRIGGER t_old BEFORE INSERT ON a FOR EACH ROW EXECUTE FUNCTION f();
CREATE OR REPLACE FUNCTION f() RETURNS trigger AS $$ BEGIN RETURN OLD; END $$ LANGUAGE plpgsql;`;
    const declared = [
      'CREATE FUNCTION f() RETURNS trigger AS $$ BEGIN RETURN NEW; END $$ LANGUAGE plpgsql;',
      'CREATE TRIGGER t_new AFTER INSERT ON b FOR EACH STATEMENT EXECUTE FUNCTION f();',
    ];
    expect(triggerDrift([migration], declared)).toEqual({ notInMigrations: ['trigger t_new on b'], notDeclared: ['trigger t_old on a'], differ: ['function f'] });
    expect(triggerDrift([migration], ['CREATE FUNCTION f() RETURNS trigger AS $$ BEGIN RETURN OLD; END $$ LANGUAGE plpgsql;', 'CREATE TRIGGER t_old BEFORE INSERT ON a FOR EACH ROW EXECUTE FUNCTION f();'])).toEqual({ notInMigrations: [], notDeclared: [], differ: [] });
  });
});
