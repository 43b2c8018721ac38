import { and, gte, lte, sql } from 'drizzle-orm';
import { FINANCE_CATEGORIES, finances, monthRange } from '@studio/shared';
import type { FastifyInstance } from 'fastify';
import { defineCrudModule, recordPicker } from '../../crud/define-crud-module.js';
import type { Db } from '../../db/client.js';
import { financesTable } from './finances.table.js';

const F = financesTable;

/** `GET /api/finances/categories`: the starting list and every category in use, by type. */
function registerCategoryRoute(app: FastifyInstance, { db }: { db: Db }) {
  app.get(`${finances.path}/categories`, { config: { role: finances.roles.read }, schema: { tags: [finances.label] } }, async () => {
    const used = (await db.selectDistinct({ type: F.type, category: F.category }).from(F)) as { type: 'income' | 'expense'; category: string }[];
    const by = (type: 'income' | 'expense') => {
      const names = new Map<string, string>();
      for (const c of [...FINANCE_CATEGORIES[type], ...used.filter((u) => u.type === type).map((u) => u.category)]) {
        if (!names.has(c.toLowerCase())) names.set(c.toLowerCase(), c);
      }
      return [...names.values()];
    };
    return { data: { income: by('income'), expense: by('expense') } };
  });
}

export const financesModule = defineCrudModule({
  resource: finances,
  table: F,
  toRecord: recordPicker(finances),
  // income and expense apart, so a list's summary totals each (a list mixes both)
  computed: () => ({
    income: sql<string>`case when ${F.type} = 'income' then ${F.amount} else 0 end`,
    expense: sql<string>`case when ${F.type} = 'expense' then ${F.amount} else 0 end`,
  }),
  lists: {
    getmonth: ({ month }) => {
      const { from, to } = monthRange(month);
      return and(gte(F.date, from), lte(F.date, to));
    },
    range: ({ from, to }) => and(gte(F.date, from), lte(F.date, to)),
  },
  hooks: {
    // who recorded it is the signed-in admin, never the body
    beforeCreate: (input, { user }) => ({ ...input, recorded_by: user.id }),
  },
  routes: registerCategoryRoute,
});
