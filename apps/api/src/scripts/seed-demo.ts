// `npm run seed:demo`: fills an empty database with a realistic demo studio.
// Later issues extend it with finances.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { formatKobo } from '@studio/shared';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { ensureFirstAdmin, ignoredAdminSettings, hashPassword } from '../features/auth/index.js';
import { bridalPackagesTable, extraProgramsTable, trainingProgramsTable, trainingSessionsTable, usersTable } from '../db/schema.js';
import { recordActivity } from '../plugins/activity-log.js';
import type { Db } from '../db/client.js';
import { seedPos } from './seed-demo-pos.js';
import { seedBookings } from './seed-demo-bookings.js';
import { seedTrainees, type TraineeKindCounts } from './seed-demo-trainees.js';
import { seedFinances } from './seed-demo-finances.js';
import { seedTransferChecks } from './seed-demo-transfers.js';
import { seedClientsAndAppointments } from './seed-demo-clients.js';


export const DEMO_STAFF_PASSWORD = 'studio-demo-1';

const staff = [
  { name: 'Blessing Okafor', username: 'blessing', role: 'Store Manager', phone: '0803 555 0101', is_admin: 1 as const },
  { name: 'Chiamaka Eze', username: 'chiamaka', role: 'Makeup Artist', phone: '0806 555 0102', is_admin: 0 as const, outlet: 'store' as const },
  { name: 'Tamuno Briggs', username: 'tamuno', role: 'PMU Specialist', phone: '0809 555 0103', is_admin: 0 as const, outlet: 'office' as const },
  { name: 'Ibiere Harry', username: 'ibiere', role: 'Salon Stylist', phone: '0701 555 0104', is_admin: 0 as const, outlet: 'salon' as const },
  { name: 'Ngozi Amadi', username: 'ngozi', role: 'Sales Attendant', phone: '0813 555 0105', is_admin: 0 as const, outlet: 'store' as const },
];

/** Seeds the catalogue and staff; returns false when the database already has them. */
export async function seedFoundation(db: Db): Promise<boolean> {
  const [{ n }] = (await db.select({ n: count() }).from(trainingProgramsTable)) as [{ n: number }];
  if (Number(n) > 0) return false;
  const password_hash = await hashPassword(DEMO_STAFF_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(usersTable).values(staff.map((s) => ({ ...s, email: `${s.username}@studio.example`, active: true, password_hash }))).onConflictDoNothing();
    await tx.insert(trainingProgramsTable).values([
      { name: 'Professional Makeup Class', duration: '3 months', fee: 350000, description: 'Full professional makeup: skin prep, bridal, editorial, gele.' },
      { name: 'Basic Makeup Class', duration: '1 month', fee: 150000, description: 'Everyday and soft glam makeup.' },
      { name: 'Self Makeup Class', duration: '2 weeks', fee: 80000, description: 'For clients who want to do their own makeup.' },
      { name: 'Gele Tying Class', duration: '1 week', fee: 40000, description: null },
      { name: 'Masterclass (Advanced)', duration: '5 days', fee: 250000, description: 'For working artists: techniques and business.' },
    ]);
    const year = new Date().getFullYear();
    await tx.insert(trainingSessionsTable).values([
      { name: `January ${year} Class`, start_date: `${year}-01-13`, end_date: `${year}-04-11`, active: false },
      { name: `May ${year} Class`, start_date: `${year}-05-05`, end_date: `${year}-08-01`, active: false },
      { name: `September ${year} Class`, start_date: `${year}-09-08`, end_date: `${year}-12-05`, active: true },
      { name: `January ${year + 1} Class`, start_date: `${year + 1}-01-12`, end_date: `${year + 1}-04-10`, active: true },
    ]);
    await tx.insert(extraProgramsTable).values([
      { type: 'office', name: 'Microblading Training', price: 450000, duration: '2 weeks', description: 'Hair-stroke brows, with starter kit.' },
      { type: 'office', name: 'Ombré Powder Brows Training', price: 500000, duration: '2 weeks', description: null },
      { type: 'office', name: 'Lip Blush Training', price: 400000, duration: '10 days', description: null },
      { type: 'office', name: 'Lash Extension Training', price: 200000, duration: '1 week', description: 'Classic and volume sets.' },
      { type: 'hostel', name: 'Shared room (4 beds)', price: 60000, duration: '1 month', description: 'Light, water and Wi-Fi included.' },
      { type: 'hostel', name: 'Shared room (2 beds)', price: 90000, duration: '1 month', description: null },
      { type: 'hostel', name: 'Private room', price: 150000, duration: '1 month', description: null },
    ]);
    await tx.insert(bridalPackagesTable).values([
      { name: 'Classic Bride', price: 150000, description: 'Bride makeup and gele, one look.', active: true },
      { name: 'Royal Bride', price: 300000, description: 'Bride with two looks (church and reception), lashes, gele.', active: true },
      { name: 'Bride + 3 Maids', price: 380000, description: 'Bride and three bridesmaids.', active: true },
      { name: 'Traditional Wedding', price: 200000, description: 'Traditional attire look with gele and beads styling.', active: true },
      { name: 'Engagement Shoot', price: 80000, description: null, active: false },
    ]);
    await recordActivity(tx, { user: null, action: 'seed', resource: 'demo', recordId: null, after: { staff: staff.length } });
  });
  return true;
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const admin = await ensureFirstAdmin(database.db, config.adminUsername, config.adminPassword);
    if (admin) console.log(`First admin created: username "${admin.username}", ${admin.password ? `password "${admin.password}" (shown only this once; set ADMIN_USERNAME / ADMIN_PASSWORD to choose them)` : 'with the ADMIN_PASSWORD you set'}.`);
    else {
      const ignored = await ignoredAdminSettings(database.db, config.adminUsername, config.adminPassword);
      if (ignored) console.log(ignored);
    }
    const started = Date.now();
    const seeded = await seedFoundation(database.db);
    console.log(seeded ? `Demo studio seeded. Demo staff (password "${DEMO_STAFF_PASSWORD}"): ${staff.map((s) => `${s.username} (${s.role}${s.is_admin ? ', admin' : ''})`).join(', ')}` : 'The catalogue and staff already exist; left as they are.');
    const pos = await seedPos(database.db, config.tzStudio);
    console.log(
      pos
        ? `Point of sale seeded: ${pos.products} products and services in the three outlets, ${pos.orders} sales over 12 months (${pos.voids} voided), in ${((Date.now() - started) / 1000).toFixed(1)} s.`
        : 'Products already exist; no products or sales seeded.',
    );
    const bookingsStarted = Date.now();
    const bookings = await seedBookings(database.db, config.tzStudio);
    const s = bookings?.byStatus;
    console.log(
      bookings && s
        ? `Bridal bookings seeded: ${bookings.bookings} bookings over the past 12 months and the next 3 (${s.pending} pending, ${s.confirmed} confirmed, ${s.completed} completed, ${s.cancelled} cancelled)` +
            `${bookings.packagesCreated ? ` on ${bookings.packagesCreated} new packages` : ''}, ${bookings.doubleBookedDays} day${bookings.doubleBookedDays === 1 ? '' : 's'} with an artist booked twice, ${bookings.payments} payments (${bookings.reversals} bounced and reversed), ${formatKobo(bookings.takenKobo)} taken, ` +
            `${formatKobo(bookings.owedPastKobo)} still owed on past events, in ${((Date.now() - bookingsStarted) / 1000).toFixed(1)} s.`
        : 'Bridal bookings already exist; none seeded.',
    );
    const traineesStarted = Date.now();
    const trainees = await seedTrainees(database.db, config.tzStudio);
    const kind = (k: TraineeKindCounts, what: string) =>
      `${k.total} ${what} (${k.inSession} in session today, ${k.startingSoon} starting soon, ${k.byStatus.completed} completed, ${k.byStatus.suspended} suspended; ${k.paidInFull} paid in full, ${k.owing} owing, ${k.owingOneInstalment} of them exactly one instalment)`;
    if (trainees) {
      const added = [
        [trainees.programsCreated, 'program type'],
        [trainees.sessionsCreated, 'training session'],
        [trainees.packagesCreated, 'PMU package'],
        [trainees.pricingCreated, 'hostel pricing'],
      ] as const;
      const catalogue = added.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}${n === 1 || what === 'hostel pricing' ? '' : 's'}`);
      console.log(
        `Trainees seeded over the past 12 months and the next 2: ${kind(trainees.makeup, 'makeup students')}, ${kind(trainees.pmu, 'PMU students')}, ` +
          `${kind(trainees.hostel, 'hostel students')}, ${trainees.hostel.makeupStudents} of them makeup students; ${catalogue.length ? `added ${catalogue.join(', ')}` : 'no catalogue added'}; ` +
          `${trainees.payments} payments (${trainees.reversals} bounced and reversed), ${formatKobo(trainees.takenKobo)} taken, ${formatKobo(trainees.owedKobo)} still owed, in ${((Date.now() - traineesStarted) / 1000).toFixed(1)} s.`,
      );
    } else console.log('Trainees already exist; none seeded.');
    const finances = await seedFinances(database.db, config.tzStudio);
    console.log(
      finances
        ? `Income and expenses seeded: ${finances.entries} entries over the past 12 months, ${formatKobo(finances.expenseKobo)} of expenses and ${formatKobo(finances.incomeKobo)} of other income.`
        : 'Income and expense entries already exist; none seeded.',
    );
    const clientsStarted = Date.now();
    const clients = await seedClientsAndAppointments(database.db, config.tzStudio);
    const c = clients?.byStatus;
    console.log(
      clients && c
        ? `Clients and appointments seeded: PMU notes on ${clients.pmuNotes} regular clients, ${clients.newClients} new clients this month, ${clients.appointments} appointments over the past 3 weeks and the next 10 days ` +
            `(${c.booked} booked, ${c.arrived} arrived, ${c.done} done of which ${clients.checkedOut} checked out at the till, ${c.no_show} no-shows, ${c.cancelled} cancelled), ${clients.deposits} deposits, in ${((Date.now() - clientsStarted) / 1000).toFixed(1)} s.`
        : 'Appointments already exist (or no services); none seeded.',
    );
    if (pos || bookings || trainees || clients) {
      const t = await seedTransferChecks(database.db, config.tzStudio, { sales: !!pos || !!clients, bookings: !!bookings, trainees: !!trainees, appointments: !!clients });
      console.log(
        `Bank transfers: ${t.confirmed} confirmed by the manager the morning after (${formatKobo(t.confirmedKobo)}); ${t.unconfirmed} of yesterday and today (${formatKobo(t.unconfirmedKobo)}) wait on Transfers to confirm.`,
      );
    }
    console.log(`Seed finished in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

// run as a script (`npm run seed:demo`), not when a test imports the seed functions
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
