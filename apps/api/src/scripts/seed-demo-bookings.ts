// The bridal half of `npm run seed:demo`: a year of bookings (and the next three months) with their
// payments ledgers. Every payment goes through the API's own addLedgerLine on the bookings module, so
// amount_paid is the ledger's exact NUMERIC sum and the overpay and cancelled-booking rules hold; all of
// it in one transaction, checked before it commits. Amounts are planned in integer kobo.
import { count, eq, sql } from 'drizzle-orm';
import { addDays, bridalBookingInputSchema, bridalBookings, fromKobo, studioDate, type BookingStatus, type PaymentMethod, formatKobo } from '@studio/shared';
import type { Db } from '../db/client.js';
import { bridalBookingPaymentsTable, bridalBookingsTable, bridalPackagesTable, usersTable } from '../db/schema.js';
import { crudModules } from '../crud/registry.js';
import { addLedgerLine } from '../crud/ledger.js';
import { recordActivity } from '../plugins/activity-log.js';
import type { UserRow } from '../plugins/auth.js';
import { rng } from './seed-random.js';

/** Offered when the database has no bridal package at all (the foundation seed makes its own). */
const DEFAULT_PACKAGES = [
  { name: 'Bridal Classic', price: 150000, description: 'Bride makeup and gele, one look.' },
  { name: 'Bridal Gold', price: 250000, description: 'Bride with two looks (church and reception), lashes, gele.' },
  { name: 'Bridal Glam + 2 maids', price: 350000, description: 'Bride and two bridesmaids.' },
  { name: 'Traditional (Igba nkwu)', price: 200000, description: 'Traditional attire look with gele and coral beads styling.' },
  { name: 'Court wedding', price: 80000, description: 'One soft glam look for the registry.' },
];

const FIRST_NAMES = [
  'Adaeze', 'Chinwe', 'Ifeoma', 'Nneka', 'Obiageli', 'Ugochi', 'Chidinma', 'Kosisochukwu', 'Ebere', 'Ogechi', 'Nkechi', 'Amarachi',
  'Chinenye', 'Onyinyechi', 'Ezinne', 'Adanna', 'Ijeoma', 'Tonye', 'Soala', 'Boma', 'Ibinabo', 'Sotonye', 'Tamunoibi', 'Ebiere',
  'Preye', 'Ebiye', 'Ayebatari', 'Belema', 'Nengi', 'Data', 'Chinyere', 'Ndidi', 'Favour', 'Precious', 'Mercy', 'Goodness', 'Gift',
  'Peace', 'Adesola', 'Funmilayo', 'Temitope', 'Bukola', 'Yetunde', 'Damilola', 'Omolara', 'Ekaette', 'Arit', 'Uduak', 'Idara',
  'Eno', 'Aisha', 'Zainab', 'Efe', 'Oghogho', 'Ivie', 'Barine', 'Lebari', 'Dumo',
];
const SURNAMES = [
  'Nwosu', 'Okeke', 'Eze', 'Obi', 'Nwachukwu', 'Chukwu', 'Onuoha', 'Anyanwu', 'Okonkwo', 'Uzor', 'Ihejirika', 'Briggs', 'George',
  'Jack', 'Dappa', 'Fubara', 'Amachree', 'Tariah', 'Horsfall', 'Ekine', 'Pepple', 'Wokoma', 'Alalibo', 'Davies', 'Wali', 'Amadi',
  'Nwuke', 'Worlu', 'Chinda', 'Ordu', 'Obuah', 'Deekae', 'Kpea', 'Adeyemi', 'Ogunleye', 'Akinola', 'Bassey', 'Effiong', 'Etim',
  'Okon', 'Bello', 'Osagie', 'Omoregie', 'Ikuru', 'Green', 'Kalio',
];
const PHONE_PREFIXES = ['0803', '0806', '0813', '0816', '0703', '0706', '0810', '0814', '0903', '0906', '0805', '0807', '0815', '0705', '0905', '0802', '0808', '0708', '0812', '0701', '0902', '0809', '0817', '0818', '0909'];

type Kind = 'bride' | 'maids' | 'trad' | 'court' | 'shoot';
/** [venue, kinds it suits, outside Port Harcourt (a travel fee)] */
const VENUES: [string, Kind[], boolean?][] = [
  ['Hotel Presidential, Aba Road', ['bride', 'maids']],
  ['Port Harcourt Club, Old GRA', ['bride', 'maids', 'trad']],
  ['Novotel Port Harcourt, GRA Phase 2', ['bride', 'maids', 'shoot']],
  ['Golden Tulip Hotel, Port Harcourt', ['bride', 'maids']],
  ['Obi Wali International Conference Centre', ['bride', 'maids']],
  ['Port Harcourt Polo Club, GRA', ['bride', 'maids', 'shoot']],
  ['Aldgate Congress Resort, Rumuogba', ['bride', 'maids']],
  ['Atrium Event Centre, Peter Odili Road', ['bride', 'maids', 'trad']],
  ['Rumuola Event Hall, Rumuola', ['bride', 'trad']],
  ['Salvation Ministries, Golf Estate', ['bride', 'maids']],
  ["All Saints' Cathedral, Diobu", ['bride', 'maids']],
  ["Bride's home, Woji", ['bride', 'maids', 'trad']],
  ["Bride's home, GRA Phase 3", ['bride', 'maids']],
  ['Hotel suite, Elekahia', ['bride', 'shoot']],
  ['Port Harcourt Pleasure Park', ['shoot']],
  ["Bride's family compound, Rumuokoro", ['trad']],
  ["Bride's family compound, Elelenwo", ['trad']],
  ['Family compound, Rumuigbo', ['trad']],
  ["Bride's family home, Eneka", ['trad']],
  ["Bride's family home, Owerri", ['trad', 'bride'], true],
  ['Family compound, Ahoada', ['trad'], true],
  ['Marriage Registry, Port Harcourt City LGA, Old GRA', ['court']],
  ['Obio/Akpor LGA Marriage Registry, Rumuodomaya', ['court']],
];
const BOOKING_NOTES = [
  'Gele: bride brings her own.',
  'Trial session two weeks before the wedding.',
  'Early call: makeup starts 5:30am.',
  'Sensitive skin: patch test at the trial.',
  'Mother of the bride also to be made up (paid on the day).',
  'Referred by a past bride.',
  'Wants a soft, natural look; no heavy contour.',
  'Lashes: bride is allergic to some glues, use latex-free.',
];
const CANCEL_NOTES = ['Cancelled: wedding postponed to next year. Deposit kept (non-refundable).', 'Cancelled: client went with another artist.', 'Cancelled: family changed the date; client will rebook.', 'Cancelled: wedding called off.'];
const BOUNCED = 'Transfer reversed by the bank (bounced).';

/** Bookings a day, by weekday (0 Sunday) and by month (0 January): Saturday weddings, December and Easter peaks. */
const WEEKDAY_RATE = [0.08, 0.06, 0.06, 0.06, 0.2, 0.35, 1];
const MONTH_RATE = [0.6, 0.9, 0.9, 1.3, 0.9, 0.9, 1, 1.2, 1, 1.1, 1.3, 1.8];
const BASE_RATE = 1.2;


const NAIRA = 100; // kobo
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
const maxDay = (a: string, b: string) => (a > b ? a : b);
const minDay = (a: string, b: string) => (a < b ? a : b);

/** The instant of `minutes` past midnight on a studio day, in the studio's time zone. */
function studioMoment(day: string, minutes: number, timeZone: string): Date {
  const guess = new Date(`${day}T00:00:00Z`).getTime() + minutes * 60_000;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(guess))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return new Date(guess - (wall - guess));
}

function kindOf(name: string): Kind {
  if (/court|registry/i.test(name)) return 'court';
  if (/tradition|igba|introduction/i.test(name)) return 'trad';
  if (/shoot|engagement/i.test(name)) return 'shoot';
  if (/maid/i.test(name)) return 'maids';
  return 'bride';
}
/** How likely each kind of package is on a weekend, a Friday, or another weekday. */
const KIND_WEIGHT: Record<Kind, [weekend: number, friday: number, other: number]> = {
  bride: [3, 1.5, 0.4],
  maids: [2, 1, 0.2],
  trad: [2, 1.5, 1.5],
  court: [0.2, 1.5, 3],
  shoot: [0.3, 0.5, 1],
};

type Line = { day: string; minute: number; amountK: number; method: PaymentMethod; note: string | null; reverses?: Line; dbId?: number; by: UserRow };
interface Plan {
  event: string;
  booked: string;
  bookedMinute: number;
  pkg: { id: number; name: string; kind: Kind; priceK: number };
  priceK: number;
  status: BookingStatus;
  artist: UserRow | null;
  client: string;
  phone: string;
  email: string | null;
  venue: string | null;
  notes: string[];
  lines: Line[];
  /** The day of the last change (status or payment), for updated_at. */
  touched: string;
}

export interface BookingSeedResult {
  packagesCreated: number;
  bookings: number;
  byStatus: Record<BookingStatus, number>;
  payments: number;
  reversals: number;
  /** Net of reversals, in kobo. */
  takenKobo: number;
  /** What past events (not cancelled) still owe, in kobo. */
  owedPastKobo: number;
  /** Days on which one artist has two bookings. */
  doubleBookedDays: number;
}

/**
 * Seeds bridal bookings over the past year and the next `monthsAhead` months, with deposits, balance
 * payments and a few bounced transfers; does nothing (returns undefined) when bookings already exist.
 */
export async function seedBookings(db: Db, timeZone: string, opts: { now?: Date } = {}): Promise<BookingSeedResult | undefined> {
  const [{ n }] = (await db.select({ n: count() }).from(bridalBookingsTable)) as [{ n: number }];
  if (Number(n) > 0) return undefined;
  const mod = crudModules.find((m) => m.resource.name === bridalBookings.name);
  if (!mod?.ledger) throw new Error('The bridal bookings module and its ledger are not registered.');

  const now = opts.now ?? new Date();
  const today = studioDate(now, timeZone);
  const random = rng(20250621);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const weighted = <T>(xs: readonly (readonly [T, number])[]): T | undefined => {
    const total = xs.reduce((s, [, w]) => s + w, 0);
    if (total <= 0) return undefined;
    let r = random() * total;
    for (const [x, w] of xs) if ((r -= w) < 0) return x;
    return xs[xs.length - 1]![0];
  };
  /** A day in [lo, hi] (hi wins if the range is empty). */
  const dayBetween = (lo: string, hi: string) => (lo >= hi ? hi : addDays(lo, between(0, daysBetween(lo, hi))));
  const roundK = (k: number, step = 5000 * NAIRA) => Math.round(k / step) * step;
  const method = (): PaymentMethod => weighted([['transfer', 55], ['cash', 20], ['pos', 15], ['card', 10]] as const)!;

  // packages: the seed's own, or a handful when there are none
  let packages = await db.select().from(bridalPackagesTable);
  let packagesCreated = 0;
  if (!packages.length) {
    packages = await db.insert(bridalPackagesTable).values(DEFAULT_PACKAGES.map((p) => ({ ...p, active: true }))).returning();
    packagesCreated = packages.length;
  }
  const pkgs = packages.map((p) => ({ id: p.id, name: p.name, kind: kindOf(p.name), priceK: Math.round(p.price * NAIRA), active: p.active }));

  // artists from the demo staff (any active staff when the demo staff are not there), and who takes payments
  const users = await db.select().from(usersTable).where(eq(usersTable.active, true));
  const byUsername = new Map(users.map((u) => [u.username, u]));
  const demoArtists = ([['chiamaka', 5], ['ibiere', 2], ['blessing', 2], ['tamuno', 1]] as const).filter(([u]) => byUsername.has(u)).map(([u, w]) => [byUsername.get(u)!, w] as const);
  const artists: (readonly [UserRow, number])[] = demoArtists.length ? demoArtists : users.map((u) => [u, 1] as const);
  const admins = users.filter((u) => u.is_admin === 1);
  if (!admins.length) throw new Error('No active admin to record the booking payments.');
  const desk = byUsername.get('blessing')?.is_admin === 1 ? byUsername.get('blessing')! : admins[0]!;
  const cashier = (): UserRow => (random() < 0.8 ? desk : pick(admins));

  const usedNames = new Set<string>();
  const clientName = () => {
    for (let i = 0; ; i++) {
      const name = `${pick(FIRST_NAMES)} ${pick(SURNAMES)}`;
      if (!usedNames.has(name) || i > 20) {
        usedNames.add(name);
        return name;
      }
    }
  };
  const phone = () => {
    const p = pick(PHONE_PREFIXES);
    const a = String(between(0, 999)).padStart(3, '0');
    const b = String(between(0, 9999)).padStart(4, '0');
    const r = random();
    return r < 0.1 ? `+234 ${p.slice(1)} ${a} ${b}` : r < 0.3 ? `${p}${a}${b}` : `${p} ${a} ${b}`;
  };

  // 1. the bookings, event by event
  const first = addDays(today, -365);
  const last = addDays(today, 91);
  const plans: Plan[] = [];
  const perArtistDay = new Map<string, number>();
  for (let event = first; event <= last; event = addDays(event, 1)) {
    const wd = weekday(event);
    const month = Number(event.slice(5, 7)) - 1;
    const many = Math.floor(BASE_RATE * WEEKDAY_RATE[wd]! * MONTH_RATE[month]! + random());
    for (let i = 0; i < many; i++) {
      const slot = wd === 0 || wd === 6 ? 0 : wd === 5 ? 1 : 2;
      const old = daysBetween(event, today) > 180; // a withdrawn package was still sold then
      const pkg = weighted(pkgs.map((p) => [p, KIND_WEIGHT[p.kind][slot] * (p.active ? 1 : old ? 0.4 : 0)] as const));
      if (!pkg) continue;
      // brides book three to seven months ahead, some late; a registry or a shoot a few weeks ahead
      const lead = pkg.kind === 'court' || pkg.kind === 'shoot' ? between(5, 40) : random() < 0.25 ? between(14, 60) : between(60, 220);
      const booked = addDays(event, -lead);
      const bookedMinute = between(9 * 60, 18 * 60);
      if (booked > today) continue; // not booked yet
      const past = event < today;
      let status: BookingStatus;
      if (past) status = daysBetween(event, today) <= 6 && random() < 0.35 ? 'confirmed' : random() < 0.1 ? 'cancelled' : 'completed';
      else status = random() < 0.08 ? 'cancelled' : random() < (daysBetween(booked, today) <= 21 ? 0.6 : 0.3) ? 'pending' : 'confirmed';

      // the price: the package's, with extras or a discount now and then
      const notes: string[] = [];
      let priceK = pkg.priceK;
      const venues = VENUES.filter(([, kinds]) => kinds.includes(pkg.kind));
      const venueRow = random() < (status === 'pending' ? 0.25 : 0.04) ? null : pick(venues.length ? venues : VENUES);
      const r = random();
      if (pkg.kind === 'maids' && r < 0.3) {
        const extra = between(1, 2);
        priceK += extra * 20000 * NAIRA;
        notes.push(`${extra} extra maid${extra > 1 ? 's' : ''} at ₦20,000 each.`);
      } else if (pkg.kind === 'bride' && r < 0.12) {
        priceK += 50000 * NAIRA;
        notes.push('Extra reception look: +₦50,000.');
      } else if (r > 0.92) {
        priceK = roundK(priceK * 0.9);
        notes.push('Returning client: 10% off.');
      }
      if (venueRow?.[2]) {
        priceK += 30000 * NAIRA;
        notes.push('Outside Port Harcourt: ₦30,000 transport and lodging included in the price.');
      }
      if (random() < 0.3) notes.push(pick(BOOKING_NOTES));

      // an artist, at most two bookings each a day (a morning and an evening bride)
      let artist: UserRow | null = null;
      if (random() >= (status === 'pending' ? 0.4 : 0.1)) {
        const cap = random() < 0.5 ? 1 : 2;
        artist = weighted(artists.filter(([u]) => (perArtistDay.get(`${u.id}|${event}`) ?? 0) < cap)) ?? null;
        if (artist && status !== 'cancelled') perArtistDay.set(`${artist.id}|${event}`, (perArtistDay.get(`${artist.id}|${event}`) ?? 0) + 1);
      }
      const client = clientName();
      const [firstName, surname] = client.toLowerCase().split(' ') as [string, string];
      plans.push({
        event,
        booked,
        bookedMinute,
        pkg,
        priceK,
        status,
        artist,
        client,
        phone: phone(),
        email: random() < 0.45 ? `${firstName}.${surname}${random() < 0.3 ? between(1, 99) : ''}@${weighted([['gmail.com', 70], ['yahoo.com', 25], ['outlook.com', 5]] as const)!}` : null,
        venue: venueRow?.[0] ?? null,
        notes,
        lines: [],
        touched: booked,
      });
    }
  }
  // at least one day on which one artist has two brides (the desk sees the warning)
  if (![...perArtistDay.values()].some((v) => v >= 2)) {
    const byDay = new Map<string, Plan[]>();
    for (const p of plans) if (p.status !== 'cancelled' && p.artist) byDay.set(p.event, [...(byDay.get(p.event) ?? []), p]);
    const pair = [...byDay.values()].find((ps) => ps.length >= 2);
    if (pair) pair[1]!.artist = pair[0]!.artist;
  }
  // in the order they were made: the desk was warned on the second
  plans.sort((a, b) => (a.booked < b.booked ? -1 : a.booked > b.booked ? 1 : a.bookedMinute - b.bookedMinute));
  const seen = new Map<string, Plan>();
  for (const p of plans) {
    if (!p.artist || p.status === 'cancelled') continue;
    const key = `${p.artist.id}|${p.event}`;
    const earlier = seen.get(key);
    if (earlier) p.notes.unshift(`Evening slot: ${p.artist.name.split(' ')[0]} has ${earlier.client} in the morning.`);
    else seen.set(key, p);
  }

  // 2. each booking's payments, in kobo, none after today nor before the booking was made
  const line = (p: Plan, day: string, amountK: number, note: string | null, m: PaymentMethod = method()) => {
    const minute = day === p.booked ? Math.min(p.bookedMinute + between(2, 20), 20 * 60) : between(9 * 60, 19 * 60);
    const l: Line = { day, minute, amountK, method: m, note, by: cashier() };
    p.lines.push(l);
    return l;
  };
  const paidK = (p: Plan) => p.lines.reduce((s, l) => s + l.amountK, 0);
  for (const p of plans) {
    const past = p.event < today;
    const intent: BookingStatus = p.status === 'cancelled' ? (random() < 0.65 ? 'confirmed' : 'pending') : p.status;
    // the deposit, at booking
    if (intent === 'pending') {
      if (random() < 0.25) line(p, p.booked, Math.min(20000 * NAIRA, roundK(p.priceK * 0.2)), 'To hold the date');
    } else if (random() < 0.08 || (p.pkg.kind === 'court' && random() < 0.4)) {
      line(p, p.booked, p.priceK, 'Paid in full at booking');
    } else {
      line(p, p.booked, roundK(p.priceK * (0.3 + random() * 0.2)), 'Deposit');
    }
    const owing = () => p.priceK - paidK(p);
    const lastDay = minDay(addDays(p.event, -1), today);
    if (p.status === 'completed' || (p.status === 'confirmed' && past)) {
      const r = random();
      if (owing() > 0 && r < 0.78) {
        // paid up before the wedding, in one or two payments
        if (random() < 0.4 && daysBetween(p.booked, p.event) > 20) {
          line(p, dayBetween(addDays(p.booked, 1), addDays(p.event, -15)), roundK(owing() * (0.3 + random() * 0.4)), 'Part payment');
        }
        const after = p.lines[p.lines.length - 1]!.day;
        line(p, dayBetween(maxDay(addDays(after, 1), addDays(p.event, -14)), maxDay(after, addDays(p.event, -1))), owing(), 'Balance');
      } else if (owing() > 0 && r < 0.88) {
        line(p, p.event, owing(), 'Balance paid on the day', random() < 0.6 ? 'cash' : 'transfer');
      } else if (owing() > 0) {
        // still owing after the event
        const part = roundK(owing() * random() * 0.7);
        if (part > 0) line(p, dayBetween(addDays(p.booked, 1), maxDay(p.booked, addDays(p.event, -1))), part, 'Part of the balance');
        p.notes.push('Balance outstanding: client promised to pay after the wedding.');
      }
    } else if (p.status === 'confirmed' && owing() > 0 && p.booked < today && random() < 0.4) {
      const day = dayBetween(addDays(p.booked, 1), lastDay);
      line(p, day, random() < 0.3 ? owing() : Math.min(owing(), roundK(owing() * (0.3 + random() * 0.5))), random() < 0.3 ? 'Balance' : 'Part payment');
    }
    // a transfer that bounced, now and then, usually made good in cash or on the POS a few days later
    for (const l of [...p.lines]) {
      if (l.method !== 'transfer' || l.amountK <= 0 || random() >= 0.035) continue;
      const day = minDay(addDays(l.day, between(1, 3)), today);
      line(p, day, -l.amountK, BOUNCED, 'transfer').reverses = l;
      if (day < today && random() < 0.8) line(p, minDay(addDays(day, between(0, 4)), today), l.amountK, 'Replaces the bounced transfer', random() < 0.5 ? 'cash' : 'pos');
      else p.notes.push(`A transfer of ${formatKobo(l.amountK)} bounced on ${day} and has not been paid again.`);
    }
    p.lines.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)); // stable: a reversal stays after its line
    const lastLine = p.lines[p.lines.length - 1]?.day ?? p.booked;
    if (p.status === 'cancelled') {
      p.notes.push(p.lines.length ? pick(CANCEL_NOTES) : pick(CANCEL_NOTES.slice(1)));
      p.touched = dayBetween(maxDay(lastLine, addDays(p.booked, 1)), maxDay(lastLine, minDay(addDays(p.event, -1), today)));
    } else if (p.status === 'completed') {
      p.touched = maxDay(lastLine, minDay(addDays(p.event, between(0, 2)), today));
    } else p.touched = lastLine;
  }
  // at least one bounced transfer
  if (!plans.some((p) => p.lines.some((l) => l.reverses))) {
    const p = plans.find((x) => x.status === 'completed' && x.lines.some((l) => l.method === 'transfer' && l.amountK > 0 && l.day < today));
    if (p) {
      const l = p.lines.find((x) => x.method === 'transfer' && x.amountK > 0 && x.day < today)!;
      const day = minDay(addDays(l.day, 1), today);
      const rev: Line = { day, minute: between(9 * 60, 19 * 60), amountK: -l.amountK, method: 'transfer', note: BOUNCED, reverses: l, by: desk };
      p.lines.splice(p.lines.indexOf(l) + 1, 0, rev);
      p.lines.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
      p.notes.push(`A transfer of ${formatKobo(l.amountK)} bounced on ${day} and has not been paid again.`);
    }
  }

  // 3. write it all, through the ledger, in one transaction
  const moment = (day: string, minute: number) => {
    const at = studioMoment(day, minute, timeZone);
    return at > now ? now : at;
  };
  const byStatus: Record<BookingStatus, number> = { pending: 0, confirmed: 0, completed: 0, cancelled: 0 };
  let payments = 0;
  let reversals = 0;
  let takenKobo = 0;
  let owedPastKobo = 0;
  await db.transaction(async (tx) => {
    const finals: { id: number; status: BookingStatus; at: Date }[] = [];
    const lineTimes: { id: number; at: Date }[] = [];
    for (const p of plans) {
      const input = bridalBookingInputSchema.parse({
        client_name: p.client,
        phone: p.phone,
        email: p.email,
        event_date: p.event,
        // brides are made up early: 05:00 to 08:30, or not yet known (from the booking's minute: no new draw)
        event_time: p.bookedMinute % 5 === 0 ? null : `0${5 + Math.floor((p.bookedMinute % 8) / 2)}:${p.bookedMinute % 2 ? '30' : '00'}`,
        event_location: p.venue,
        package_id: p.pkg.id,
        price: fromKobo(p.priceK),
        // payments are refused on a cancelled booking: it is cancelled after its payments, below
        // a completed or cancelled booking takes its payments (and their reversals) while open, and ends in its status below
        status: p.status === 'cancelled' || p.status === 'completed' ? (p.lines.length ? 'confirmed' : 'pending') : p.status,
        artist_id: p.artist?.id ?? null,
        note: p.notes.length ? p.notes.join(' ') : null,
      });
      const created = moment(p.booked, p.bookedMinute);
      // the deposit is the ledger's first line below, not a column
      const { amount_paid: _deposit, payment_method: _method, ...values } = input;
      const [row] = await tx
        .insert(bridalBookingsTable)
        .values({ ...values, price: values.price!, created_at: created, updated_at: created })
        .returning({ id: bridalBookingsTable.id });
      const id = row!.id;
      let previous: Line | undefined;
      for (const l of p.lines) {
        // taken in the order they are written, on the same day
        if (previous?.day === l.day && l.minute <= previous.minute) l.minute = previous.minute + 1;
        previous = l;
        const { payment } = await addLedgerLine(
          tx,
          mod,
          id,
          { amount: fromKobo(l.amountK), method: l.method, date: l.day, note: l.note, reverses_id: l.reverses?.dbId ?? null },
          l.by,
        );
        l.dbId = payment.id;
        lineTimes.push({ id: payment.id, at: moment(l.day, l.minute) });
        payments++;
        if (l.reverses) reversals++;
      }
      const at = moment(p.touched, p.touched === p.booked ? p.bookedMinute + 30 : between(9 * 60, 19 * 60));
      finals.push({ id, status: p.status, at: at < created ? created : at });
      byStatus[p.status]++;
      const paid = paidK(p);
      takenKobo += paid;
      if (p.event < today && p.status !== 'cancelled') owedPastKobo += p.priceK - paid;
    }
    // the status each booking ended in and when it last changed; when each payment was taken
    if (finals.length) {
      const values = sql.join(finals.map((f) => sql`(${f.id}::int, ${f.status}::varchar, ${f.at.toISOString()}::timestamptz)`), sql`, `);
      await tx.execute(sql`update ${bridalBookingsTable} set status = v.status, updated_at = v.at from (values ${values}) as v(id, status, at) where ${bridalBookingsTable.id} = v.id`);
    }
    if (lineTimes.length) {
      const values = sql.join(lineTimes.map((l) => sql`(${l.id}::int, ${l.at.toISOString()}::timestamptz)`), sql`, `);
      await tx.execute(sql`update ${bridalBookingPaymentsTable} set created_at = v.at from (values ${values}) as v(id, at) where ${bridalBookingPaymentsTable.id} = v.id`);
    }
    // the ledger's own promise, checked before anything is kept
    const [bad] = (await tx
      .select({ n: count() })
      .from(bridalBookingsTable)
      .where(
        sql`${bridalBookingsTable.amount_paid} <> coalesce((select sum(${bridalBookingPaymentsTable.amount}) from ${bridalBookingPaymentsTable} where ${bridalBookingPaymentsTable.parent_id} = ${bridalBookingsTable.id}), 0)`,
      )) as [{ n: number }];
    if (Number(bad.n) > 0) throw new Error(`${bad.n} seeded bookings have amount_paid different from their payments.`);
    await recordActivity(tx, { user: null, action: 'seed', resource: bridalBookings.name, recordId: null, after: { bookings: plans.length, payments, reversals } });
  });
  const doubleBookedDays = new Set(plans.filter((p) => p.status !== 'cancelled' && p.artist).map((p) => `${p.artist!.id}|${p.event}`)).size;
  return {
    packagesCreated,
    bookings: plans.length,
    byStatus,
    payments,
    reversals,
    takenKobo,
    owedPastKobo,
    doubleBookedDays: plans.filter((p) => p.status !== 'cancelled' && p.artist).length - doubleBookedDays,
  };
}
