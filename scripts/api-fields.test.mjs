import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { END, START, fieldsSection, typeOf, withSection } from './api-fields.mjs';

// docs/api.md's "Resource fields" are written from the shared schemas (issue 29, item 6): the page in the repository
// is what the schemas say, and a drift (a field added to a schema, not to the page) fails here.

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const script = path.join(repo, 'scripts/api-fields.mjs');
const run = (...args) => execFileSync(process.execPath, [script, ...args], { encoding: 'utf8', stdio: 'pipe' });
const dirs = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('npm run docs:fields', { timeout: 60_000 }, () => {
  it('docs/api.md lists every resource’s fields as the schemas declare them', () => {
    expect(() => run('--check')).not.toThrow();
    const page = fs.readFileSync(path.join(repo, 'docs/api.md'), 'utf8');
    expect(page).toContain(START);
    expect(page).toMatch(/### Bookings `\/api\/bridalbookings`[\s\S]*\| `event_date` \| date \(YYYY-MM-DD\) \| required \|/);
  });

  it('fails the check on a page that drifted, and writes it back', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-fields-'));
    dirs.push(dir);
    const doc = path.join(dir, 'api.md');
    const page = fs.readFileSync(path.join(repo, 'docs/api.md'), 'utf8');
    fs.writeFileSync(doc, page.replace('| `event_date` | date (YYYY-MM-DD) | required |\n', ''));
    expect(() => run('--check', '--doc', doc)).toThrow(/not what the schemas say/);
    run('--doc', doc);
    expect(fs.readFileSync(doc, 'utf8')).toBe(page);
  });

  it('describes a schema’s fields: type, reference, admins only, sent only, and what a create needs', () => {
    const record = z.object({ id: z.number(), name: z.string(), status: z.enum(['open', 'shut']), client_id: z.number().int().nullable(), cost: z.number() });
    const create = z.object({ name: z.string().max(40), status: z.enum(['open', 'shut']).default('open'), client_id: z.number().int().nullable().optional(), pin: z.string() });
    const section = fieldsSection({ things: { label: 'Things', path: '/api/things', roles: { read: 'staff', write: 'admin' }, searchable: ['name'], references: { client_id: 'clients' }, adminOnly: ['cost'], record, create } });
    expect(section).toContain('Read by staff and admins, written by admins. Search: `name`.');
    expect(section).toContain('| `name` | text (≤ 40) | required |');
    expect(section).toContain('| `status` | one of `open`, `shut` | optional |');
    expect(section).toContain('| `client_id` | integer or null (a clients id) | optional |');
    expect(section).toContain('| `cost` | number (admins only) | — |');
    expect(section).toContain('| `pin` | text (sent, not answered) | required |');
    expect(section).not.toContain('| `id` |');
    expect(typeOf(z.array(z.boolean()))).toBe('list of boolean');
  });

  it('replaces only its own section, and appends it with its markers to a page without one', () => {
    expect(withSection(`# API\n\nby hand\n${START}\nold\n${END}\nafter\n`, 'new')).toBe(`# API\n\nby hand\n${START}\nnew\n${END}\nafter\n`);
    expect(withSection('# API\n', 'new')).toBe(`# API\n\n${START}\nnew\n${END}\n`);
  });
});
