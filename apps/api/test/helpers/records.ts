import { resources, type ResourceDefinition } from '@studio/shared';
import type { TestApp } from './test-app.js';

// Records of any resource of the registry, built from its fixture (`fixture` beside its shared declaration), with
// the records it references made first from theirs. The contract tests and the route sweeps use it, so a new
// resource is covered by being declared.

export type Rec = Record<string, unknown> & { id: number };

export const allResources: ResourceDefinition[] = Object.values(resources);
export const resourceNamed = (name: string) => allResources.find((r) => r.name === name)!;
export const resourceAt = (path: string) => allResources.find((r) => r.path === path);

let n = 0;
/** A fresh set of the resource's examples (its fixture called with a new `n`). */
export function examples(r: ResourceDefinition): Record<string, unknown>[] {
  if (!r.fixture) throw new Error(`${r.name} has no fixture: give its declaration a \`fixture\` (ResourceFixture in packages/shared/src/crud/define-resource.ts)`);
  return [...r.fixture.examples(++n)];
}

export const createFields = (r: ResourceDefinition) => Object.keys(r.create.shape);
/** The reference fields a create body carries (a record's `recorded_by` is the server's), with the resource each names. */
export const refFields = (r: ResourceDefinition) => Object.entries(r.references).filter(([field]) => createFields(r).includes(field));

/**
 * A valid create body for a resource that references nothing, from its fixture's first example (a new one each
 * call: unique fields stay unique); `name` replaces its name.
 */
export function exampleBody(path: string, name?: string): Record<string, unknown> {
  const r = resourceAt(path);
  if (!r) throw new Error(`no resource at ${path}`);
  if (refFields(r).length) throw new Error(`${r.name} references others: use recordMaker`);
  return { ...examples(r)[0], ...(name === undefined ? {} : { name }) };
}

/**
 * Makes records through the API as `token` (default the admin's), references first, each referenced record made
 * once. Both are read when a record is made (a file's app and admin come in its beforeAll).
 */
export function recordMaker(app: () => TestApp, adminToken: () => string) {
  const shared = new Map<string, Promise<Rec>>();
  const sharedRecord = (name: string, index: number): Promise<Rec> => {
    const key = `${name}#${index}`;
    if (!shared.has(key)) shared.set(key, make(resourceNamed(name), index));
    return shared.get(key)!;
  };

  /** Example `index` with its references filled in, `overrides` on top. */
  async function body(r: ResourceDefinition, index = 0, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const out = { ...examples(r)[index], ...overrides };
    for (const [field, target] of refFields(r)) {
      if (out[field] === undefined) out[field] = (await sharedRecord(target, r.fixture?.refs?.[field] ?? 0)).id;
    }
    return out;
  }

  /** A new record from example `index`; throws unless the API creates it. */
  async function make(r: ResourceDefinition, index = 0, overrides: Record<string, unknown> = {}, token = adminToken()): Promise<Rec> {
    const res = await app().call(token, { method: 'POST', url: r.path, payload: (await body(r, index, overrides)) as never });
    if (res.statusCode !== 201) throw new Error(`${r.name} example ${index}: ${res.statusCode} ${res.body}`);
    return res.json().data as Rec;
  }

  return { body, make };
}

/**
 * The catalogues: admin-only lists other records pick from and that reference nothing themselves (program types,
 * training sessions, PMU packages and hostel pricing, bridal packages), by path. Derived from the registry.
 */
export const CATALOGUES: string[] = allResources
  .filter((r) => r.name !== 'users' && r.roles.read === 'admin' && r.roles.write === 'admin' && refFields(r).length === 0 && allResources.some((o) => Object.values(o.references).includes(r.name)))
  .map((r) => r.path);
