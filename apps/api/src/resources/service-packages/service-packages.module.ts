import { inArray } from 'drizzle-orm';
import { servicePackages } from '@studio/shared';
import { defineCrudModule, type CrudContext } from '../../crud/define-crud-module.js';
import { invalidField } from '../../plugins/errors.js';
import { productsTable } from '../../db/schema.js';
import { servicePackagesTable } from './service-packages.table.js';

// Packages of sessions (issue 31, item 4; decision 040). What differs from plain CRUD: every service a session may
// cover is a service in use, at one outlet (the package is sold and redeemed there).

/** Refuses a service that is not one (a product, archived, missing) or that is at another outlet than the first. */
async function checkServices(ctx: CrudContext, serviceId: number, extra: readonly number[]): Promise<void> {
  const ids = [serviceId, ...extra];
  if (extra.includes(serviceId)) throw invalidField('extra_service_ids', 'The main service is listed again among the others.');
  const rows = await ctx.tx.select().from(productsTable).where(inArray(productsTable.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  ids.forEach((id, i) => {
    const field = i === 0 ? 'service_id' : `extra_service_ids.${i - 1}`;
    const p = byId.get(id);
    if (!p) throw invalidField(field, 'The selected service does not exist.');
    if (p.kind !== 'service') throw invalidField(field, `${p.name} is a product, not a service.`);
    if (p.archived_at) throw invalidField(field, `${p.name} is archived and no longer offered.`);
    if (p.outlet !== byId.get(serviceId)!.outlet) throw invalidField(field, `${p.name} is offered at another outlet than ${byId.get(serviceId)!.name}.`);
  });
}

export const servicePackagesModule = defineCrudModule({
  resource: servicePackages,
  table: servicePackagesTable,
  hooks: {
    async beforeCreate(input, ctx) {
      await checkServices(ctx, input.service_id, input.extra_service_ids);
      return input;
    },
    async beforeUpdate(input, existing, ctx) {
      if (input.service_id !== undefined || input.extra_service_ids !== undefined) {
        await checkServices(ctx, input.service_id ?? existing.service_id, input.extra_service_ids ?? existing.extra_service_ids);
      }
      return input;
    },
  },
});
