// Demo clients and appointments (issue 21): PMU notes on the regulars (patch tests, consent, allergies), a few
// new clients this month, and a month of appointments (the past three weeks and the next ten days) in every
// status: done and checked out at the till (the deposit counted), no-shows whose deposit was kept or forfeited,
// cancelled, arrived and booked. Deposits go through the ledger (addLedgerLine), check-outs through the API's
// own checkoutAppointment, so the figures are the ones the app would have made.
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { DEFAULT_SERVICE_MINUTES, type AppointmentStatus, type DepositOutcome, type Outlet, type PaymentMethod, addDays, appointments, fromKobo, normalizePhone, studioDate, studioInstant, toKobo } from '@studio/shared';
import type { Db } from '../db/client.js';
import { appointmentsTable, clientsTable, productsTable, usersTable } from '../db/schema.js';
import { addLedgerLine } from '../crud/ledger.js';
import { crudModules } from '../crud/registry.js';
import { checkoutAppointment } from '../resources/appointments/index.js';
import { backdateClients } from '../resources/clients/index.js';
import { crudRegistry } from '../crud/registry.js';
import type { UserRow } from '../plugins/auth.js';
import { REGULARS, REGULAR_PHONE } from './seed-demo-pos.js';
import { rng } from './seed-random.js';

export interface ClientSeedResult {
  appointments: number;
  byStatus: Record<AppointmentStatus, number>;
  checkedOut: number;
  deposits: number;
  newClients: number;
  pmuNotes: number;
}

/** How long each kind of service takes, by its category (a service keeps a length it already has). */
const MINUTES: Record<string, number> = { Brows: 150, Lips: 180, Lashes: 90, Braids: 240, 'Wig services': 90, Styling: 60, 'Makeup service': 60 };
const ARTISTS: Record<Outlet, string> = { store: 'chiamaka', office: 'tamuno', salon: 'ibiere' };
const NEW_CLIENTS = ['Oluchi Nnaji', 'Seyi Ogunleye', 'Ivie Osagie', 'Hauwa Bello', 'Nneka Obiora', 'Ebi Tonye', 'Rukayat Lawal', 'Adanna Ike'];
const ALLERGIES = ['Sensitive to latex gloves.', 'Keloid scarring on the arms.', 'Allergic to nickel.', null, null, null];

/**
 * Seeds the clients' PMU notes and a month of appointments around `now`; does nothing (returns undefined) when
 * appointments already exist or there are no services.
 */
export async function seedClientsAndAppointments(db: Db, timeZone: string, opts: { now?: Date } = {}): Promise<ClientSeedResult | undefined> {
  const [{ n }] = (await db.select({ n: count() }).from(appointmentsTable)) as [{ n: number }];
  if (Number(n) > 0) return undefined;
  const mod = crudModules.find((m) => m.resource.name === appointments.name);
  if (!mod?.ledger) throw new Error('The appointments module and its ledger are not registered.');
  const services = await db
    .select()
    .from(productsTable)
    .where(and(eq(productsTable.kind, 'service'), isNull(productsTable.archived_at)));
  if (services.length === 0) return undefined;
  const now = opts.now ?? new Date();
  const today = studioDate(now, timeZone);
  const random = rng(20251121);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const method = (): PaymentMethod => pick(['transfer', 'transfer', 'transfer', 'cash', 'pos'] as const);

  // the regulars' records began with their first sale (the till made them as the backdated sales were written)
  await backdateClients(db, crudRegistry);
  // every service gets a length
  for (const s of services) {
    if (s.duration_minutes) continue;
    s.duration_minutes = s.name.startsWith('Gele') || s.name.startsWith('Lash Application') ? 30 : (MINUTES[s.category ?? ''] ?? DEFAULT_SERVICE_MINUTES);
    await db.update(productsTable).set({ duration_minutes: s.duration_minutes }).where(eq(productsTable.id, s.id));
  }
  const people = await db.select().from(usersTable).where(eq(usersTable.active, true));
  const admin = people.find((p) => p.is_admin === 1) ?? people[0]!;
  const artistOf = (o: Outlet): UserRow => (people.find((p) => p.username === ARTISTS[o]) ?? admin) as UserRow;

  // the regulars (their sales made their client records), and a few people new this month
  const regularPhones = REGULARS.map((r) => normalizePhone(REGULAR_PHONE(r))!);
  const regulars = await db.select().from(clientsTable).where(inArray(clientsTable.phone, regularPhones));
  const fresh: (typeof regulars)[number][] = [];
  for (const [i, name] of NEW_CLIENTS.entries()) {
    const created = studioInstant(addDays(today, -between(0, Math.min(20, Number(today.slice(8)) - 1))), `${String(between(9, 17)).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}`, timeZone);
    const [row] = await db
      .insert(clientsTable)
      .values({ name, phone: normalizePhone(`0816 ${700 + i} ${5100 + i * 13}`)!, created_at: created > now ? now : created, updated_at: created > now ? now : created })
      .onConflictDoNothing()
      .returning();
    if (row) fresh.push(row);
  }
  // PMU notes: most regulars have had a patch test (one showed a reaction) and signed consent
  let pmuNotes = 0;
  for (const c of regulars) {
    if (random() < 0.25) continue;
    const tested = addDays(today, -between(20, 300));
    const reaction = pmuNotes === 3;
    await db
      .update(clientsTable)
      .set({
        patch_test_date: tested,
        patch_test_result: reaction ? 'reaction' : 'passed',
        consent_date: reaction ? null : tested,
        consent_recorded_by: reaction ? null : artistOf('office').id,
        consent_recorded_by_name: reaction ? null : artistOf('office').name,
        allergies: pick(ALLERGIES),
        birthday: random() < 0.5 ? `${between(1975, 2003)}-${String(between(1, 12)).padStart(2, '0')}-${String(between(1, 28)).padStart(2, '0')}` : null,
      })
      .where(eq(clientsTable.id, c.id));
    pmuNotes++;
  }
  const clients = [...regulars, ...regulars, ...fresh];
  if (clients.length === 0) return undefined;

  const byStatus: Record<AppointmentStatus, number> = { booked: 0, arrived: 0, done: 0, no_show: 0, cancelled: 0 };
  let total = 0;
  let checkedOut = 0;
  let deposits = 0;
  const byOutlet = (o: Outlet) => services.filter((s) => s.outlet === o);
  const nowClock = new Date(now);
  for (let offset = -20; offset <= 9; offset++) {
    const day = addDays(today, offset);
    if (offset !== 0 && new Date(`${day}T12:00:00Z`).getUTCDay() === 0) continue; // closed on Sundays (today is always shown)
    const busy = new Map<Outlet, number>(); // each artist's next free minute
    for (let k = between(6, 12); k > 0; k--) {
      const outlet = pick(['office', 'office', 'salon', 'salon', 'store'] as const);
      const pool = byOutlet(outlet);
      if (pool.length === 0) continue;
      const service = pick(pool);
      const minutes = service.duration_minutes ?? DEFAULT_SERVICE_MINUTES;
      // mostly one after another; now and then an overlap, as a busy desk books
      const free = busy.get(outlet) ?? 9 * 60 + 30 * between(0, 2);
      const startMin = random() < 0.1 ? Math.max(9 * 60, free - 30) : free + 30 * between(0, 2);
      if (startMin + minutes > 20 * 60) continue;
      busy.set(outlet, startMin + minutes);
      const startsAt = studioInstant(day, `${String(Math.floor(startMin / 60)).padStart(2, '0')}:${String(startMin % 60).padStart(2, '0')}`, timeZone);
      const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
      const client = pick(clients);
      const artist = artistOf(outlet);
      // what became of it: the past is done (mostly), a no-show or cancelled; today depends on the clock; the future is booked
      let status: AppointmentStatus;
      const r = random();
      if (endsAt <= nowClock) status = r < 0.74 ? 'done' : r < 0.86 ? 'no_show' : 'cancelled';
      else if (startsAt <= nowClock) status = 'arrived';
      else status = r < 0.9 ? 'booked' : 'cancelled';
      const bookedAt = new Date(startsAt.getTime() - between(1, 14) * 86_400_000);
      const created = bookedAt < nowClock ? bookedAt : nowClock;
      const [row] = await db
        .insert(appointmentsTable)
        .values({
          outlet,
          client_id: client.id,
          service_id: service.id,
          artist_id: artist.id,
          starts_at: startsAt,
          ends_at: endsAt,
          day,
          duration_minutes: minutes,
          status: 'booked',
          note: random() < 0.15 ? pick(['First visit.', 'Wants a natural look.', 'Running 15 minutes late, called ahead.', 'Touch-up after 6 weeks.']) : null,
          price: service.price,
          created_at: created,
          updated_at: created,
        })
        .returning();
      const id = row!.id;
      total++;
      // a deposit when booked (PMU mostly): 30% of the price, through the ledger
      if (random() < (outlet === 'office' ? 0.7 : 0.25)) {
        const depositK = Math.max(100_000, Math.floor((toKobo(Number(service.price)) * 0.3) / 100_000) * 100_000);
        if (depositK <= toKobo(Number(service.price))) {
          await db.transaction((tx) => addLedgerLine(tx, mod, id, { amount: fromKobo(depositK), method: method(), date: studioDate(created, timeZone), note: 'Deposit', reverses_id: null }, admin as UserRow));
          deposits++;
        }
      }
      const [withDeposit] = await db.select().from(appointmentsTable).where(eq(appointmentsTable.id, id));
      const paid = Number(withDeposit!.amount_paid) > 0;
      const outcome: DepositOutcome | null = status === 'no_show' && paid ? (random() < 0.5 ? 'kept' : 'forfeited') : null;
      if (status !== 'booked') {
        await db
          .update(appointmentsTable)
          .set({ status, deposit_outcome: outcome, updated_at: status === 'arrived' ? startsAt : endsAt < nowClock ? endsAt : nowClock })
          .where(eq(appointmentsTable.id, id));
      }
      byStatus[status]++;
      // most done appointments of past days were checked out at the till at their end, the deposit counted;
      // today's wait for the desk (a check-out to try)
      if (status === 'done' && offset < 0 && random() < 0.9) {
        const remaining = fromKobo(toKobo(Number(service.price)) - toKobo(Number(withDeposit!.amount_paid)));
        const sold = await checkoutAppointment(db, artist, id, { payment_method: method(), amount_paid: remaining, discount: 0 }, timeZone, new Date(Math.min(endsAt.getTime() + 5 * 60_000, nowClock.getTime())));
        if (sold) checkedOut++;
      }
    }
    if (offset === 0 && byStatus.arrived === 0) {
      // whatever the clock, someone is in the chair: today's latest appointment not checked out is running late
      const [late] = await db
        .select()
        .from(appointmentsTable)
        .where(and(eq(appointmentsTable.day, day), isNull(appointmentsTable.order_id), inArray(appointmentsTable.status, ['booked', 'done'])))
        .orderBy(desc(appointmentsTable.starts_at))
        .limit(1);
      if (late) {
        await db.update(appointmentsTable).set({ status: 'arrived' }).where(eq(appointmentsTable.id, late.id));
        byStatus[late.status]--;
        byStatus.arrived++;
      }
    }
  }
  // a new client was first recorded when their first appointment was booked
  await backdateClients(db, crudRegistry);
  const monthStart = studioInstant(`${today.slice(0, 7)}-01`, '00:00', timeZone);
  const newThisMonth = fresh.length
    ? (await db.select({ id: clientsTable.id, created_at: clientsTable.created_at }).from(clientsTable).where(inArray(clientsTable.id, fresh.map((f) => f.id)))).filter((c) => c.created_at >= monthStart).length
    : 0;
  return { appointments: total, byStatus, checkedOut, deposits, newClients: newThisMonth, pmuNotes };
}
