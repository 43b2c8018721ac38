import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { bridalBookings } from '@studio/shared';
import { z } from 'zod';
import { defineCrudModule, type CrudModule } from '../src/crud/define-crud-module.js';
import { registerCrudRoutes } from '../src/crud/register-crud-routes.js';
import { crudModules } from '../src/crud/registry.js';
import { bridalBookingsModule } from '../src/resources/bridal-bookings/bridal-bookings.module.js';
import type { Db } from '../src/db/client.js';

// A declaration that names a column its table lacks must stop the app from starting,
// so no sort, search, filter or total can reach SQL as a missing column.

const register = (mod: CrudModule) => registerCrudRoutes(Fastify(), {} as Db, mod);
const withResource = (over: Record<string, unknown>) => ({ ...(bridalBookingsModule as unknown as CrudModule), resource: { ...bridalBookings, ...over } }) as CrudModule;

describe('declared columns are checked when routes are registered', () => {
  it('every module of the registry registers', () => {
    for (const mod of crudModules) expect(() => register(mod)).not.toThrow();
  });

  it.each([
    ['sortable', { sortable: ['client_name', 'artist_name'] }, /sortable: artist_name/],
    ['searchable', { searchable: ['nickname'] }, /searchable: nickname/],
    ['searchable non-text', { searchable: ['price'] }, /non-text columns: price/],
    ['totals', { totals: ['tips'] }, /totals: tips/],
    ['defaultSort', { defaultSort: { field: 'when', order: 'asc' } }, /defaultSort: when/],
    ['a list order', { lists: { getmonth: { path: 'getmonth/:month', order: { field: 'day', order: 'asc' } } } }, /lists.getmonth.order: day/],
    ['a bounded filter', { filters: z.object({ tips_min: z.coerce.number().optional() }) }, /filters: tips/],
    ['a reference', { references: { venue_id: 'venues' } }, /references: venue_id/],
  ])('%s naming a missing column throws', (_what, over, message) => {
    expect(() => register(withResource(over))).toThrow(message);
  });

  it('a declared list call without a condition throws', () => {
    const mod = { ...(bridalBookingsModule as unknown as CrudModule), lists: {} } as CrudModule;
    expect(() => register(mod)).toThrow(/declares list call getmonth but its module gives no condition/);
  });

  it('a declared ledger without a ledger table throws', () => {
    const mod = { ...(bridalBookingsModule as unknown as CrudModule), ledger: undefined } as CrudModule;
    expect(() => register(mod)).toThrow(/declares a ledger its module does not keep/);
  });

  it('defineCrudModule keeps the list conditions it is given', () => {
    const mod = defineCrudModule({ resource: bridalBookings, table: bridalBookingsModule.table, lists: { getmonth: () => undefined }, ledger: bridalBookingsModule.ledger });
    expect(Object.keys(mod.lists)).toEqual(['getmonth']);
  });
});
