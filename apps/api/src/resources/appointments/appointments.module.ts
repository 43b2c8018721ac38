import { and, between, eq, gt, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_TRANSITIONS,
  DEFAULT_SERVICE_MINUTES,
  addDays,
  appointmentCheckoutSchema,
  appointments,
  studioDate,
  weekStart,
} from '@studio/shared';
import { z } from 'zod';
import { defineCrudModule, recordPicker, type CrudContext, type CrudModule, type CrudWarning } from '../../crud/define-crud-module.js';
import { settleHeldMoney } from '../../crud/ledger.js';
import { parseId } from '../../plugins/request.js';
import { currentUser } from '../../plugins/auth.js';
import { invalidField, notFound } from '../../plugins/errors.js';
import { clientsTable, productsTable, usersTable, financesTable } from '../../db/schema.js';
import { appointmentPaymentsTable, appointmentsTable } from './appointments.table.js';
import { checkoutAppointment } from './appointments.checkout.js';
import { rows } from '../../db/client.js';

const A = appointmentsTable;
/** The income category a forfeited deposit is entered under. */
export const FORFEITED_DEPOSITS = 'Forfeited deposits';
const forfeitDescription = (id: number) => `Deposit of appointment #${id}, forfeited`;
type Row = typeof appointmentsTable.$inferSelect;
/** Statuses that hold the artist's time. */
const NOT_HOLDING = ['cancelled', 'no_show'] as const;

const tzOf = (ctx: CrudContext) => ctx.req.server.config.tzStudio;
const clockOf = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(at);

/** The service an appointment is for: a product of kind service, in use. */
async function serviceOf(ctx: CrudContext, id: number) {
  const [service] = await ctx.tx.select().from(productsTable).where(eq(productsTable.id, id)).limit(1);
  if (!service) throw invalidField('service_id', 'The selected service is invalid.');
  if (service.kind !== 'service') throw invalidField('service_id', `${service.name} is a product, not a service.`);
  if (service.archived_at) throw invalidField('service_id', `${service.name} is archived and no longer offered.`);
  return service;
}

/** The client an appointment is for: the one chosen, or found or created by phone (with a name for a new one). */
async function clientIdOf(ctx: CrudContext, input: { client_id?: number | null; client_name?: string | null; client_phone?: string | null }): Promise<number> {
  if (input.client_id) {
    // held against an erase or a merge until this write commits (migration 0031): neither can miss it
    const [client] = await ctx.tx.select().from(clientsTable).where(eq(clientsTable.id, input.client_id)).limit(1).for('key share');
    if (!client) throw invalidField('client_id', 'The selected client is invalid.');
    if (client.erased_at) throw invalidField('client_id', 'This client was erased: book them again as a new client.');
    return client.merged_into_id ?? client.id;
  }
  const phone = input.client_phone!;
  const [found] = await ctx.tx.select().from(clientsTable).where(eq(clientsTable.phone, phone)).limit(1).for('key share');
  if (found) return found.merged_into_id ?? found.id;
  if (!input.client_name) throw invalidField('client_name', "No client has this phone number yet: give the new client's name.");
  const [found_] = await rows<{ id: number }>(ctx.tx, sql`select studio_find_or_create_client(${input.client_name}, ${phone}) as id`);
  return Number(found_!.id);
}

/** When, from a start and a length: the instants and the studio day. */
function timing(startsAt: string | Date, minutes: number, timeZone: string) {
  const starts = new Date(startsAt);
  return { starts_at: starts, ends_at: new Date(starts.getTime() + minutes * 60_000), day: studioDate(starts, timeZone), duration_minutes: minutes };
}

export const appointmentsModule = defineCrudModule({
  resource: appointments,
  table: A,
  toRecord: recordPicker(appointments) as (row: Row) => z.infer<typeof appointments.record>,
  // names to show, read with every list (each one a primary-key lookup)
  computed: () => ({
    client_name: sql<string>`(select ${clientsTable.name} from ${clientsTable} where ${clientsTable.id} = ${A.client_id})`,
    client_phone: sql<string | null>`(select ${clientsTable.phone} from ${clientsTable} where ${clientsTable.id} = ${A.client_id})`,
    service_name: sql<string>`(select ${productsTable.name} from ${productsTable} where ${productsTable.id} = ${A.service_id})`,
    artist_name: sql<string>`(select ${usersTable.name} from ${usersTable} where ${usersTable.id} = ${A.artist_id})`,
  }),
  lists: {
    day: ({ day }) => eq(A.day, day),
    week: ({ day }) => {
      const from = weekStart(day);
      return between(A.day, from, addDays(from, 6));
    },
    reminders: ({ day }) => and(eq(A.day, day), eq(A.status, 'booked')),
  },
  ledger: {
    table: appointmentPaymentsTable,
    beforePayment(appt) {
      if (appt.order_id !== null) throw invalidField('amount', 'This appointment was checked out: take payment at the till.');
      if (appt.status === 'cancelled' || appt.status === 'no_show') throw invalidField('amount', `This appointment is ${APPOINTMENT_STATUS_LABELS[appt.status].toLowerCase()}: it takes no deposit.`);
    },
    /**
     * A deposit is spent once: counted towards the sale at check-out, it is that sale's money now; giving it back is a
     * refund of the sale (which pays back at most what came in for the lines refunded), never a reversal here as well.
     */
    beforeReversal(appt) {
      if (appt.order_id !== null) throw invalidField('payment', 'This deposit was spent at the check-out of this appointment: it cannot be reversed. Refund the sale instead.');
    },
  },
  hooks: {
    async beforeCreate(input, ctx) {
      if (input.status !== 'booked' && input.status !== 'arrived' && input.status !== 'done') {
        throw invalidField('status', 'A new appointment is booked, arrived or done.');
      }
      const client_id = await clientIdOf(ctx, input);
      const service = await serviceOf(ctx, input.service_id);
      return {
        client_id,
        service_id: service.id,
        artist_id: input.artist_id,
        outlet: service.outlet,
        price: service.price,
        status: input.status,
        note: input.note ?? null,
        ...timing(input.starts_at, input.duration_minutes ?? service.duration_minutes ?? DEFAULT_SERVICE_MINUTES, tzOf(ctx)),
      };
    },
    async beforeUpdate(input, existing, ctx) {
      if (existing.order_id !== null) throw invalidField('id', 'This appointment was checked out: it can no longer change.');
      const values: Record<string, unknown> = {};
      if (input.note !== undefined) values.note = input.note;
      if (input.artist_id) values.artist_id = input.artist_id;
      if (input.client_id) values.client_id = await clientIdOf(ctx, { client_id: input.client_id });
      if (input.service_id && input.service_id !== existing.service_id) {
        const service = await serviceOf(ctx, input.service_id);
        Object.assign(values, { service_id: service.id, outlet: service.outlet, price: service.price });
      }
      if (input.starts_at || input.duration_minutes) {
        Object.assign(values, timing(input.starts_at ?? existing.starts_at, input.duration_minutes ?? existing.duration_minutes, tzOf(ctx)));
      }
      const status = input.status ?? existing.status;
      if (status !== existing.status) {
        if (!APPOINTMENT_TRANSITIONS[existing.status].includes(status)) {
          const allowed = APPOINTMENT_TRANSITIONS[existing.status].map((s) => APPOINTMENT_STATUS_LABELS[s].toLowerCase());
          throw invalidField('status', `A ${APPOINTMENT_STATUS_LABELS[existing.status].toLowerCase()} appointment cannot become ${APPOINTMENT_STATUS_LABELS[status].toLowerCase()}: it can become ${allowed.join(' or ')}.`);
        }
        values.status = status;
        values.deposit_outcome = null;
        values.settled_on = null;
      }
      // a no-show or a cancellation settles the deposit it holds (issue 28): refunded now, forfeited, or kept as credit
      if (status === 'no_show' || status === 'cancelled') {
        const changed = status !== existing.status;
        const asked = input.deposit_outcome ?? null;
        if (!changed && existing.deposit_outcome === 'refunded' && asked && asked !== 'refunded') throw invalidField('deposit_outcome', 'This deposit was refunded already.');
        if (changed || (asked && asked !== existing.deposit_outcome)) {
          Object.assign(values, await settleHeldMoney(ctx.tx, appointmentsModule as unknown as CrudModule, existing, input, ctx.user, studioDate(new Date(), tzOf(ctx))));
        }
      }
      return values;
    },
    beforeDelete(existing) {
      if (existing.order_id !== null) throw invalidField('id', 'This appointment was checked out: its sale keeps it.');
    },
    /**
     * A forfeited deposit is the studio's income on the day it was forfeited (issue 28; docs/api.md): an income entry
     * "Forfeited deposits" in Income & Expenses, which every income figure reads. Undone (deleted) when the outcome
     * changes or the appointment is reopened. The entry names the appointment, not the person.
     */
    async afterWrite(action, before, after, ctx) {
      if (action !== 'update' || !before || !after) return;
      const was = before.deposit_outcome === 'forfeited';
      const now = after.deposit_outcome === 'forfeited';
      if (was === now) return;
      const description = forfeitDescription(after.id);
      if (was) await ctx.tx.delete(financesTable).where(and(eq(financesTable.category, FORFEITED_DEPOSITS), eq(financesTable.description, description)));
      if (now && Number(after.amount_paid) > 0) {
        await ctx.tx.insert(financesTable).values({
          type: 'income',
          category: FORFEITED_DEPOSITS,
          amount: after.amount_paid,
          description,
          date: after.settled_on ?? studioDate(new Date(), tzOf(ctx)),
          outlet: after.outlet,
          recorded_by: ctx.user.id,
        });
      }
    },
    /** Allowed, but the desk should know: the artist is busy then (a bridal morning), or a PMU client has no patch test. */
    async warnings(row, { tx, req }) {
      if (row.status === 'cancelled' || row.status === 'no_show') return [];
      const timeZone = req.server.config.tzStudio;
      const overlaps = await tx
        .select({ starts: A.starts_at, ends: A.ends_at, artist: usersTable.name, client: clientsTable.name })
        .from(A)
        .innerJoin(usersTable, eq(usersTable.id, A.artist_id))
        .innerJoin(clientsTable, eq(clientsTable.id, A.client_id))
        .where(and(eq(A.artist_id, row.artist_id), ne(A.id, row.id), notInArray(A.status, [...NOT_HOLDING]), lt(A.starts_at, row.ends_at), gt(A.ends_at, row.starts_at)))
        .orderBy(A.starts_at);
      const out: CrudWarning[] = overlaps.map((o) => `${o.artist} already has ${o.client} from ${clockOf(o.starts, timeZone)} to ${clockOf(o.ends, timeZone)} on ${row.day}.`);
      if (row.outlet === 'office') {
        const [client] = await tx.select().from(clientsTable).where(eq(clientsTable.id, row.client_id)).limit(1);
        if (client && !client.patch_test_date) out.push(`${client.name} has no patch test on record: do one before this PMU service.`);
        // the one to show in red: the client reacted to the pigment
        else if (client?.patch_test_result === 'reaction') out.push({ message: `${client.name}'s patch test on ${client.patch_test_date} showed a reaction.`, danger: true });
      }
      return out;
    },
  },
  routes(fastify, { db }) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // staff book for one another but may not read the staff list (/api/users is the admin's): the names only
    app.get('/api/appointments/artists', { config: { role: 'staff' }, schema: { tags: ['Appointments'], summary: 'Who can be booked: active staff, by name' } }, async () => ({
      data: await db
        .select({ id: usersTable.id, name: usersTable.name, role: usersTable.role })
        .from(usersTable)
        .where(eq(usersTable.active, true))
        .orderBy(usersTable.name, usersTable.id),
    }));
    app.post(
      '/api/appointments/:id/checkout',
      { config: { role: 'staff' }, schema: { tags: ['Appointments'], params: z.object({ id: z.string() }), body: appointmentCheckoutSchema, summary: 'Check out a done appointment as a till sale' } },
      async (req, reply) => {
        const id = parseId(req.params.id, 'Appointment');
        const result = await checkoutAppointment(db, currentUser(req), id, req.body, fastify.config.tzStudio);
        if (!result) throw notFound('Appointment');
        return reply
          .code(result.replay ? 200 : 201)
          .header('Idempotent-Replay', result.replay ? 'true' : 'false')
          .send({ data: result.order });
      },
    );
  },
});

