// The trainees' part of `npm run seed:demo`: makeup students in bi-monthly intakes, PMU (office) students
// and hostel students over the past year and the next two months, active, completed, starting soon and
// suspended, each with a fee from their program, package or pricing and its payments ledger. The catalogue
// they need (program types, sessions, PMU packages, hostel pricing) is added only where missing: what the
// foundation seed made is reused. Every payment goes through the API's own addLedgerLine on the trainee's
// module, so amount_paid is the ledger's exact NUMERIC sum and the overpay rule holds; all of it in one
// transaction, checked before it commits. Amounts are planned in integer kobo.
import { count, eq, sql } from 'drizzle-orm';
import {
  addDays,
  fromKobo,
  hostelStudentInputSchema,
  hostelStudents,
  officeStudentInputSchema,
  officeStudents,
  studentInputSchema,
  students,
  studioDate,
  type PaymentMethod,
  type TraineeStatus,
} from '@studio/shared';
import type { Db, Tx } from '../db/client.js';
import {
  extraProgramsTable,
  hostelStudentPaymentsTable,
  hostelStudentsTable,
  officeStudentPaymentsTable,
  officeStudentsTable,
  studentPaymentsTable,
  studentsTable,
  trainingProgramsTable,
  trainingSessionsTable,
  usersTable,
} from '../db/schema.js';
import { crudModules } from '../crud/registry.js';
import { addLedgerLine } from '../crud/ledger.js';
import type { CrudModule } from '../crud/define-crud-module.js';
import { recordActivity } from '../plugins/activity-log.js';
import type { UserRow } from '../plugins/auth.js';
import { rng } from './seed-random.js';

/** [key, matches an existing one, what to add when none does] */
type Wanted<T> = [key: string, match: RegExp, add: T];
const PROGRAMS: Wanted<{ name: string; duration: string; fee: number; description: string | null }>[] = [
  ['professional', /professional/i, { name: 'Professional Makeup', duration: '3 months', fee: 350000, description: 'Full professional makeup: skin prep, bridal, editorial, gele.' }],
  ['basic', /basic/i, { name: 'Basic Makeup', duration: '6 weeks', fee: 180000, description: 'Everyday and soft glam makeup.' }],
  ['gele', /gele/i, { name: 'Gele & Headwrap', duration: '2 weeks', fee: 60000, description: 'Gele, headwraps and turbans for every occasion.' }],
  ['bridal', /bridal/i, { name: 'Bridal Masterclass', duration: '1 month', fee: 250000, description: 'Bridal looks from trial to the big day: long wear, photography, two-look weddings.' }],
];
/** How many trainees choose each kind of program (others the foundation made: by name, else 5). */
const PROGRAM_WEIGHT: [RegExp, number][] = [
  [/professional/i, 40],
  [/basic/i, 20],
  [/gele/i, 10],
  [/bridal/i, 9],
  [/self/i, 8],
  [/master/i, 5],
];
const PMU_PACKAGES: Wanted<{ name: string; duration: string; price: number; description: string | null }>[] = [
  ['microblading', /microblad/i, { name: 'Microblading Training', duration: '2 weeks', price: 450000, description: 'Hair-stroke brows, with starter kit.' }],
  ['ombre', /ombr/i, { name: 'Ombré Brows Training', duration: '2 weeks', price: 500000, description: null }],
  ['lip', /lip blush/i, { name: 'Lip Blush Training', duration: '10 days', price: 400000, description: null }],
  ['lashlift', /lash lift/i, { name: 'Lash Lift & Tint Training', duration: '3 days', price: 150000, description: 'Lift, tint and aftercare, on live models.' }],
];
const PMU_WEIGHT: [RegExp, number][] = [
  [/microblad/i, 30],
  [/ombr/i, 24],
  [/lip/i, 14],
  [/lash lift/i, 12],
  [/lash/i, 10],
];
const HOSTEL_PRICING: Wanted<{ name: string; duration: string; price: number; description: string | null }>[] = [
  ['shared', /shared/i, { name: 'Shared room (per month)', duration: '1 month', price: 60000, description: 'Four beds; light, water and Wi-Fi included.' }],
  ['private', /private/i, { name: 'Private room (per month)', duration: '1 month', price: 150000, description: null }],
  ['weekly', /week/i, { name: 'Bed space (per week)', duration: '1 week', price: 20000, description: 'Short courses: a bed in a shared room, by the week.' }],
];
const HOSTEL_WEIGHT: [RegExp, number][] = [
  [/4 bed|shared room \(per/i, 50],
  [/2 bed/i, 30],
  [/private/i, 15],
];

const FIRST_NAMES = [
  'Adaeze', 'Chinwe', 'Ifeoma', 'Nneka', 'Obiageli', 'Ugochi', 'Chidinma', 'Kosisochukwu', 'Ebere', 'Ogechi', 'Nkechi', 'Amarachi',
  'Chinenye', 'Onyinyechi', 'Ezinne', 'Adanna', 'Ijeoma', 'Tonye', 'Soala', 'Boma', 'Ibinabo', 'Sotonye', 'Tamunoibi', 'Ebiere',
  'Preye', 'Ebiye', 'Ayebatari', 'Belema', 'Nengi', 'Chinyere', 'Ndidi', 'Favour', 'Precious', 'Mercy', 'Goodness', 'Gift', 'Peace',
  'Blessing', 'Joy', 'Esther', 'Adesola', 'Funmilayo', 'Temitope', 'Bukola', 'Yetunde', 'Damilola', 'Ekaette', 'Arit', 'Uduak',
  'Idara', 'Eno', 'Aisha', 'Efe', 'Oghogho', 'Ivie', 'Barine', 'Lebari', 'Dumo', 'Miebaka', 'Ibiso', 'Somachi', 'Chisom', 'Ada',
  // a few young men learn makeup too
  'Emeka', 'Tamuno', 'Ikechukwu', 'Kelechi', 'Tobechukwu',
];
const SURNAMES = [
  'Nwosu', 'Okeke', 'Eze', 'Obi', 'Nwachukwu', 'Chukwu', 'Onuoha', 'Anyanwu', 'Okonkwo', 'Uzor', 'Ihejirika', 'Briggs', 'George',
  'Jack', 'Dappa', 'Fubara', 'Amachree', 'Tariah', 'Horsfall', 'Ekine', 'Pepple', 'Wokoma', 'Alalibo', 'Davies', 'Wali', 'Amadi',
  'Nwuke', 'Worlu', 'Chinda', 'Ordu', 'Obuah', 'Deekae', 'Kpea', 'Adeyemi', 'Ogunleye', 'Akinola', 'Bassey', 'Effiong', 'Etim',
  'Okon', 'Bello', 'Osagie', 'Omoregie', 'Ikuru', 'Green', 'Kalio', 'Harry', 'Opara', 'Nwankwo', 'Iwuchukwu', 'Owhonda', 'Elechi',
];
const PHONE_PREFIXES = ['0803', '0806', '0813', '0816', '0703', '0706', '0810', '0814', '0903', '0906', '0805', '0807', '0815', '0705', '0905', '0802', '0808', '0708', '0812', '0701', '0902', '0809', '0817', '0818', '0909'];
const STREETS = [
  'Aba Road, Rumuola', 'Ikwerre Road, Mile 3', 'Trans-Amadi Road', 'Woji Road, Woji', 'Rumuokoro Road, Rumuokoro', 'D-Line', 'Azikiwe Road, Diobu',
  'Tombia Street, GRA Phase 2', 'Eliozu Road, Eliozu', 'Rumuigbo Street, Rumuigbo', 'East-West Road, Choba', 'Ada George Road', 'Elekahia Road',
  'Rumuibekwe Road', 'Borokiri Road, Borokiri', 'Forces Avenue, Old GRA', 'Mgbuoba Road', 'Rukpokwu Road', 'Eneka Road, Eneka', 'Peter Odili Road',
  'Stadium Road, Rumuomasi', 'Olu Obasanjo Road', 'Igwuruta Road, Igwuruta', 'Oyigbo Road, Oyigbo', 'NTA Road, Mgbuoba',
];
const BOUNCED = 'Transfer reversed by the bank (bounced).';


const NAIRA = 100; // kobo
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
const maxDay = (a: string, b: string) => (a > b ? a : b);
const minDay = (a: string, b: string) => (a < b ? a : b);
const mondayOf = (day: string) => addDays(day, -((weekday(day) + 6) % 7));
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A day moved by whole months, kept in its month (31 January + 1 month = 28 February). */
function addMonthsToDay(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/** "3 months", "6 weeks", "10 days" (a month when it says nothing usable). */
function durationOf(text: string | null): { months: number; days: number } {
  const n = (re: RegExp) => Number(re.exec(text ?? '')?.[1] ?? 0);
  const months = n(/(\d+)\s*month/i);
  if (months) return { months, days: 0 };
  const weeks = n(/(\d+)\s*week/i);
  if (weeks) return { months: 0, days: weeks * 7 };
  const days = n(/(\d+)\s*day/i);
  return days ? { months: 0, days } : { months: 1, days: 0 };
}
/** The last day of a course starting on a Monday: Friday of its last week, or its last day. */
function courseEnd(start: string, d: { months: number; days: number }): string {
  if (d.months) return addDays(addMonthsToDay(start, d.months), -3);
  return d.days % 7 === 0 ? addDays(start, d.days - 3) : addDays(start, d.days - 1);
}

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

type Kind = 'makeup' | 'pmu' | 'hostel';
type Line = { day: string; minute: number; amountK: number; method: PaymentMethod; note: string | null; reverses?: Line; dbId?: number; by: UserRow };
/** What is owed and when: the deposit at registration and equal instalments. */
type Due = { day: string; amountK: number; note: string; deposit: boolean };
interface Plan {
  kind: Kind;
  name: string;
  phone: string;
  email: string | null;
  address: string | null;
  start: string;
  end: string;
  registered: string;
  registeredMinute: number;
  feeK: number;
  program_id?: number;
  session_id?: number | null;
  package_id?: number;
  pricing_id?: number;
  room?: string | null;
  /** The makeup student this hostel stay is for. */
  student?: Plan;
  dues: Due[];
  /** The day the studio put the trainee on hold. */
  suspendedOn?: string;
  lines: Line[];
  /** Owes exactly the last instalment. */
  owesOneInstalment?: boolean;
  dbId?: number;
}

export interface TraineeKindCounts {
  total: number;
  byStatus: Record<TraineeStatus, number>;
  /** Active and started: in session (or in the hostel) today. */
  inSession: number;
  /** Active, starting after today. */
  startingSoon: number;
  paidInFull: number;
  owing: number;
  /** Owing exactly one instalment (the last). */
  owingOneInstalment: number;
}

export interface TraineeSeedResult {
  programsCreated: number;
  sessionsCreated: number;
  packagesCreated: number;
  pricingCreated: number;
  makeup: TraineeKindCounts;
  pmu: TraineeKindCounts;
  hostel: TraineeKindCounts & { makeupStudents: number };
  payments: number;
  reversals: number;
  /** Net of reversals, in kobo. */
  takenKobo: number;
  /** What every trainee still owes, in kobo. */
  owedKobo: number;
}

/** The dice, the dates and the desk every step shares: one seeded random stream, drawn in the order the steps run. */
function seedContext(now: Date, timeZone: string, admins: UserRow[]) {
  const today = studioDate(now, timeZone);
  const first = addDays(today, -365);
  const horizon = addDays(today, 63); // two months ahead, an intake's Monday included
  const random = rng(20260415);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const chance = (p: number) => random() < p;
  const weighted = <T>(xs: readonly (readonly [T, number])[]): T => {
    const total = xs.reduce((s, [, w]) => s + w, 0);
    let r = random() * total;
    for (const [x, w] of xs) if ((r -= w) < 0) return x;
    return xs[xs.length - 1]![0];
  };
  const shuffled = <T>(xs: readonly T[]) => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  const dayBetween = (lo: string, hi: string) => (lo >= hi ? hi : addDays(lo, between(0, daysBetween(lo, hi))));
  const roundK = (k: number, step = 5000 * NAIRA) => Math.round(k / step) * step;
  const floorK = (k: number, step = 5000 * NAIRA) => Math.floor(k / step) * step;
  const method = (): PaymentMethod => weighted([['transfer', 55], ['cash', 20], ['pos', 15], ['card', 10]] as const);
  const weightOf = (name: string, table: [RegExp, number][], other = 5) => table.find(([re]) => re.test(name))?.[1] ?? other;
  const blessing = admins.find((u) => u.username === 'blessing');
  const desk = blessing ?? admins[0]!;
  const cashier = (): UserRow => (random() < 0.8 ? desk : pick(admins));

  const usedNames = new Set<string>();
  const usedPhones = new Set<string>();
  const person = (kind: Kind) => {
    const newName = () => `${pick(FIRST_NAMES)} ${pick(SURNAMES)}`;
    let name = newName();
    for (let i = 0; usedNames.has(name) && i < 30; i++) name = newName();
    usedNames.add(name);
    const newNumber = () => [pick(PHONE_PREFIXES), `${String(between(0, 999)).padStart(3, '0')}${String(between(0, 9999)).padStart(4, '0')}`] as const;
    let [p, digits] = newNumber();
    for (let i = 0; usedPhones.has(p + digits) && i < 30; i++) [p, digits] = newNumber();
    usedPhones.add(p + digits);
    const r = random();
    const phone = r < 0.1 ? `+234 ${p.slice(1)} ${digits.slice(0, 3)} ${digits.slice(3)}` : r < 0.3 ? `${p}${digits}` : `${p} ${digits.slice(0, 3)} ${digits.slice(3)}`;
    const [firstName, surname] = name.toLowerCase().split(' ') as [string, string];
    const email = chance(kind === 'pmu' ? 0.6 : 0.45)
      ? `${firstName}${chance(0.5) ? '.' : ''}${surname}${chance(0.3) ? between(1, 99) : ''}@${weighted([['gmail.com', 75], ['yahoo.com', 20], ['outlook.com', 5]] as const)}`
      : null;
    const address = chance(0.7) ? `${between(1, 120)} ${pick(STREETS)}, Port Harcourt` : null;
    return { name, phone, email, address };
  };

  /** Registration: at most two weeks before the start (the deposit is taken then), never after today. */
  const registration = (start: string) => {
    const day = addDays(start, -between(0, 14));
    return day <= today ? day : start > addDays(today, 14) ? addDays(today, -between(0, 20)) : today;
  };
  /** A fee with a discount now and then. */
  const discounted = (feeK: number, p: number) => {
    if (!chance(p)) return feeK;
    const r = random();
    if (r < 0.45) return roundK(feeK * 0.9, 1000 * NAIRA); // early registration, 10% off
    if (r < 0.75 && feeK > 150000 * NAIRA) return feeK - 20000 * NAIRA; // returning student
    return roundK(feeK * 0.95, 1000 * NAIRA); // sisters registering together, 5% off each
  };
  /** The deposit and `k` equal instalments due on `days` (the deposit absorbs the rounding). */
  const dues = (p: Plan, depositShare: number, days: string[], step = 5000 * NAIRA, name = (i: number) => (days.length === 1 ? 'Balance' : `Instalment ${i + 1} of ${days.length}`)) => {
    let k = days.length;
    let instK = k ? floorK((p.feeK - roundK(p.feeK * depositShare, step)) / k, step) : 0;
    if (instK <= 0) k = instK = 0;
    const depositK = p.feeK - k * instK;
    p.dues = [{ day: p.registered, amountK: depositK, note: k ? 'Deposit at registration' : 'Paid in full at registration', deposit: true }];
    for (let i = 0; i < k; i++) p.dues.push({ day: days[i]!, amountK: instK, note: name(i), deposit: false });
  };
  const phaseOf = (p: Plan) => (p.end < today ? 'past' : p.start > today ? 'future' : 'current');
  return { now, timeZone, today, first, horizon, random, pick, between, chance, weighted, shuffled, dayBetween, roundK, floorK, method, weightOf, desk, cashier, person, registration, discounted, dues, phaseOf };
}
type Seed = ReturnType<typeof seedContext>;

/** 1. The catalogue: what the foundation made, and what is missing (added); the intakes of the seeded year. */
async function seedCatalogue(tx: Tx, s: Seed) {
  const { today, first, horizon } = s;
  const programsBefore = await tx.select().from(trainingProgramsTable);
  const addPrograms = PROGRAMS.filter(([, re]) => !programsBefore.some((p) => re.test(p.name))).map(([, , add]) => add);
  const programs = [...programsBefore, ...(addPrograms.length ? await tx.insert(trainingProgramsTable).values(addPrograms).returning() : [])];
  const extrasBefore = await tx.select().from(extraProgramsTable);
  const addPackages = PMU_PACKAGES.filter(([, re]) => !extrasBefore.some((e) => e.type === 'office' && re.test(e.name))).map(([, , add]) => ({ ...add, type: 'office' as const }));
  const addPricing = HOSTEL_PRICING.filter(([, re]) => !extrasBefore.some((e) => e.type === 'hostel' && re.test(e.name))).map(([, , add]) => ({ ...add, type: 'hostel' as const }));
  const extras = [...extrasBefore, ...(addPackages.length || addPricing.length ? await tx.insert(extraProgramsTable).values([...addPackages, ...addPricing]).returning() : [])];
  const packages = extras.filter((e) => e.type === 'office');
  const pricing = extras.filter((e) => e.type === 'hostel');

  // intakes every other month (January, March, ...), three months long, from a year ago to four months
  // ahead; a month that already has a session keeps it
  const sessionsBefore = await tx.select().from(trainingSessionsTable);
  const newSessions: { name: string; start_date: string; end_date: string; active: boolean }[] = [];
  for (let i = -13; i <= 4; i++) {
    const monthStart = addMonthsToDay(`${today.slice(0, 7)}-01`, i);
    const month = Number(monthStart.slice(5, 7));
    if (month % 2 === 0 || sessionsBefore.some((s) => s.start_date.slice(0, 7) === monthStart.slice(0, 7))) continue;
    const start = addDays(mondayOf(addDays(monthStart, 6)), 7); // the second Monday
    const end = courseEnd(start, { months: 3, days: 0 });
    if (start > addDays(today, 130) || end < first) continue;
    newSessions.push({ name: `${MONTHS[month - 1]} ${monthStart.slice(0, 4)} Class`, start_date: start, end_date: end, active: end >= today });
  }
  const sessions = [...sessionsBefore, ...(newSessions.length ? await tx.insert(trainingSessionsTable).values(newSessions).returning() : [])];
  const intakes = sessions.filter((s) => s.start_date <= horizon && s.end_date >= first).sort((a, b) => (a.start_date < b.start_date ? -1 : 1));
  if (!intakes.length || !programs.length || !packages.length || !pricing.length) throw new Error('The trainees need programs, sessions, PMU packages and hostel pricing.');
  return { programs, packages, pricing, intakes, created: { programs: addPrograms.length, sessions: newSessions.length, packages: addPackages.length, pricing: addPricing.length } };
}
type Catalogue = Awaited<ReturnType<typeof seedCatalogue>>;

/** 2. Makeup students: a program, an intake, a start within it. */
function planMakeup(s: Seed, { programs, intakes }: Catalogue): Plan[] {
  const { today, first, horizon, random, between, chance, weighted, weightOf, registration, discounted, dues, person } = s;
  const makeup: Plan[] = [];
  const progOptions = programs.map((p) => [p, weightOf(p.name, PROGRAM_WEIGHT)] as const);
  const lengthOf = (text: string | null) => {
    const d = durationOf(text);
    return d.months * 30 + d.days;
  };
  const longest = [...programs].sort((a, b) => lengthOf(b.duration) - lengthOf(a.duration))[0]!;
  const makeStudent = (program: (typeof programs)[number], intake: (typeof intakes)[number], startOverride?: string): Plan | undefined => {
    const dur = durationOf(program.duration);
    const lengthDays = lengthOf(program.duration);
    let start = startOverride;
    if (!start) {
      if (lengthDays >= 60) start = chance(0.1) ? addDays(intake.start_date, 7) : intake.start_date;
      else {
        const slots = Math.max(0, Math.floor((daysBetween(intake.start_date, intake.end_date) - lengthDays) / 7));
        start = addDays(mondayOf(intake.start_date), 7 * between(0, slots));
        if (start < intake.start_date) start = intake.start_date;
      }
    }
    if (start < first || start > horizon) return undefined;
    const end = courseEnd(start, dur);
    const p: Plan = {
      kind: 'makeup',
      ...person('makeup'),
      start,
      end,
      registered: registration(start),
      registeredMinute: between(9 * 60, 17 * 60),
      feeK: discounted(Math.round(program.fee * NAIRA), 0.12),
      program_id: program.id,
      session_id: intake.id,
      dues: [],
      lines: [],
    };
    const span = daysBetween(start, end);
    const k = chance(0.12) ? 0 : span >= 60 ? between(2, 3) : span >= 25 ? between(1, 2) : chance(0.5) ? 1 : 0;
    // instalments spread over the course: monthly on a long one, on the first day of a short one
    const days = Array.from({ length: k }, (_, i) => (span >= 25 ? addDays(start, Math.round(((i + 1) * span) / (k + 1))) : start));
    dues(p, 0.3 + random() * 0.2, days);
    return p;
  };
  const started = intakes.filter((s) => s.start_date <= today);
  const current = started[started.length - 1]!;
  // someone in session today and someone starting soon, whatever the dice say
  for (let i = 0; i < 3; i++) {
    const p = makeStudent(longest, current);
    if (p) makeup.push(p);
  }
  const nextIntake = intakes.find((s) => s.start_date > today);
  const soon = nextIntake ? makeStudent(longest, nextIntake) : makeStudent(programs.find((p) => durationOf(p.duration).months === 0) ?? longest, current, mondayOf(addDays(today, 7)));
  if (soon) makeup.push(soon);
  const wanted = between(68, 80);
  // a growing studio: recent intakes are bigger; the next one is still filling
  const intakeOptions = intakes.map((s) => [s, s.start_date > today ? 0.5 : 0.6 + 0.8 * Math.max(0, 1 - daysBetween(s.start_date, today) / 365)] as const);
  for (let tries = 0; makeup.length < wanted && tries < 1000; tries++) {
    const p = makeStudent(weighted(progOptions), weighted(intakeOptions));
    if (p) makeup.push(p);
  }
  return makeup;
}

/** 3. PMU students: a package, starting on a Monday (in session now, soon, and over the past year). */
function planPmu(s: Seed, { packages }: Catalogue): Plan[] {
  const { today, first, between, chance, weighted, weightOf, registration, discounted, dues, person } = s;
  const pmu: Plan[] = [];
  const pkgOptions = packages.map((p) => [p, weightOf(p.name, PMU_WEIGHT)] as const);
  const makePmu = (phase: 'current' | 'future' | 'past'): Plan => {
    let pkg = weighted(pkgOptions);
    let dur = durationOf(pkg.duration);
    let start: string;
    if (phase === 'current') {
      // a package long enough to be running today
      const runs = packages.filter((x) => courseEnd(mondayOf(today), durationOf(x.duration)) >= today);
      if (runs.length) pkg = weighted(runs.map((x) => [x, weightOf(x.name, PMU_WEIGHT)] as const));
      dur = durationOf(pkg.duration);
      start = mondayOf(today);
      if (courseEnd(addDays(start, -7), dur) >= today && chance(0.4)) start = addDays(start, -7);
      if (courseEnd(start, dur) < today) start = today;
    } else if (phase === 'future') {
      start = addDays(mondayOf(today), 7 * between(1, 8));
    } else {
      const length = daysBetween(mondayOf(today), courseEnd(mondayOf(today), dur)) + 1;
      start = mondayOf(addDays(today, -between(length + 7, 364)));
      if (start < first) start = addDays(start, 7);
    }
    const p: Plan = {
      kind: 'pmu',
      ...person('pmu'),
      start,
      end: courseEnd(start, dur),
      registered: registration(start),
      registeredMinute: between(9 * 60, 17 * 60),
      feeK: discounted(Math.round(pkg.price * NAIRA), 0.15),
      package_id: pkg.id,
      dues: [],
      lines: [],
    };
    dues(p, 0.5, chance(0.3) ? [] : [start], 10000 * NAIRA, () => 'Balance on the first day');
    return p;
  };
  const pmuWanted = between(24, 30);
  for (let i = between(2, 3); i > 0; i--) pmu.push(makePmu('current'));
  for (let i = between(2, 3); i > 0; i--) pmu.push(makePmu('future'));
  while (pmu.length < pmuWanted) pmu.push(makePmu('past'));
  return pmu;
}

/** 4. Hostel students: makeup students from out of town (student_id), and some PMU students. */
function planHostel(s: Seed, { pricing }: Catalogue, makeup: Plan[], pmu: Plan[]): Plan[] {
  const { first, pick, between, chance, weighted, shuffled, weightOf, dues, phaseOf } = s;
  const hostel: Plan[] = [];
  const lodge = (s: Plan): Plan => {
    // checks in the day before the course when registered by then
    const start = s.registered < s.start ? maxDay(addDays(s.start, -1), first) : s.start;
    const end = addDays(s.end, 1);
    const stay = daysBetween(start, end) + 1;
    const weekly = pricing.filter((x) => durationOf(x.duration).days === 7);
    const monthly = pricing.filter((x) => durationOf(x.duration).days !== 7);
    const short = stay < 28 && weekly.length > 0;
    const price = short ? pick(weekly) : weighted((monthly.length ? monthly : pricing).map((x) => [x, weightOf(x.name, HOSTEL_WEIGHT)] as const));
    const unitDays = durationOf(price.duration).days === 7 ? 7 : 30;
    // by the week, or by the month (a night either side of a month's course is not a second month)
    const units = Math.max(1, unitDays === 7 ? Math.ceil(stay / 7) : Math.round(stay / 30));
    const unitK = Math.round(price.price * NAIRA) - (units >= 3 && chance(0.2) ? 5000 * NAIRA : 0); // long stays: ₦5,000 off a month
    const p: Plan = {
      kind: 'hostel',
      name: s.name,
      phone: s.phone,
      email: null,
      address: null,
      start,
      end,
      registered: s.registered,
      registeredMinute: s.registeredMinute + 5,
      feeK: unitK * units,
      pricing_id: price.id,
      session_id: s.kind === 'makeup' ? s.session_id : null,
      student: s.kind === 'makeup' ? s : undefined,
      room: /private/i.test(price.name) ? `P${between(1, 3)}` : /2 bed/i.test(price.name) ? `Room ${between(5, 7)}` : `Room ${between(1, 4)}`,
      dues: [],
      lines: [],
    };
    // the first month (or week) at check-in, then each month's rent at its start
    const k = unitDays === 7 && chance(0.7) ? 0 : units - 1;
    const days = Array.from({ length: k }, (_, i) => addDays(start, unitDays * (i + 1)));
    dues(p, 1 / (k + 1), days, 1000 * NAIRA, (i) => (unitDays === 7 ? 'Balance of the stay' : `Rent, month ${i + 2}`));
    return p;
  };
  // a makeup course of two weeks or more, a PMU course of more than a couple of days
  const byPhase = (xs: Plan[], phase: string, minDays: number) => shuffled(xs.filter((p) => phaseOf(p) === phase && daysBetween(p.start, p.end) >= minDays));
  const fromMakeup = { past: byPhase(makeup, 'past', 11), current: byPhase(makeup, 'current', 11), future: byPhase(makeup, 'future', 11) };
  const fromPmu = { past: byPhase(pmu, 'past', 4), current: byPhase(pmu, 'current', 4), future: byPhase(pmu, 'future', 4) };
  const take = (xs: Plan[], n: number) => xs.splice(0, n).forEach((s) => hostel.push(lodge(s)));
  take(fromMakeup.current, between(3, 5));
  take(fromMakeup.future, between(1, 2));
  take(fromMakeup.past, between(6, 8));
  take(fromPmu.current, 1);
  take(fromPmu.future, 1);
  take(fromPmu.past, between(3, 5));
  while (hostel.length < 15 && fromMakeup.past.length + fromPmu.past.length > 0) take(fromMakeup.past.length ? fromMakeup.past : fromPmu.past, 1);
  return hostel;
}

/** 5. A few suspended: started, put on hold before the end (or before today). */
function suspendSome(s: Seed, makeup: Plan[], pmu: Plan[], hostel: Plan[]): void {
  const { today, between, shuffled, dayBetween, phaseOf } = s;
  const suspend = (xs: Plan[], n: number, keepCurrent: number) => {
    let currentLeft = xs.filter((p) => phaseOf(p) === 'current').length;
    const candidates = shuffled(xs.filter((p) => p.start <= addDays(today, -3) && !p.student?.suspendedOn));
    for (const p of candidates) {
      if (n <= 0) break;
      if (phaseOf(p) === 'current') {
        if (currentLeft <= keepCurrent) continue;
        currentLeft--;
      }
      // a hostel stay of a suspended makeup student is not kept open
      if (xs === makeup && hostel.some((h) => h.student === p)) continue;
      p.suspendedOn = dayBetween(addDays(p.start, 1), minDay(addDays(p.end, -1), today));
      n--;
    }
  };
  suspend(makeup, between(4, 6), 2);
  suspend(pmu, between(2, 3), 2);
  suspend(hostel, 2, 2);
}

/** 6. What each trainee paid, and when: none before two weeks ahead of the start, none after today. */
function planPayments(s: Seed, plans: Plan[]): void {
  const { today, random, between, chance, shuffled, floorK, method, desk, cashier, phaseOf } = s;
  const addLine = (p: Plan, day: string, amountK: number, note: string | null, m: PaymentMethod = method()) => {
    const minute = day === p.registered ? Math.min(p.registeredMinute + between(2, 20), 20 * 60) : between(9 * 60, 19 * 60);
    const l: Line = { day, minute, amountK, method: m, note, by: cashier() };
    p.lines.push(l);
    return l;
  };
  const earliest = (p: Plan) => maxDay(p.registered, addDays(p.start, -14));
  // how it ended for those who completed: most paid up, some (of each kind) owing the last instalment or part of it
  const outcomes = new Map<Plan, 'full' | 'oweOne' | 'owePart'>();
  for (const kind of ['makeup', 'pmu', 'hostel'] as const) {
    const done = shuffled(plans.filter((p) => p.kind === kind && !p.suspendedOn && phaseOf(p) === 'past' && p.dues.length > 1));
    const one = Math.max(1, Math.round(done.length * (0.12 + random() * 0.08)));
    const part = Math.max(1, Math.round(done.length * (0.06 + random() * 0.08)));
    done.forEach((p, i) => outcomes.set(p, i < one ? 'oweOne' : i < one + part ? 'owePart' : 'full'));
  }
  for (const p of plans) {
    const phase = phaseOf(p);
    const outcome = p.suspendedOn || phase !== 'past' ? 'due' : (outcomes.get(p) ?? 'full');
    const behind = phase === 'current' && chance(0.12); // misses the latest instalment due
    const paid: { due: Due; day: string }[] = [];
    for (const due of p.dues) {
      if (due.deposit && p.registered < addDays(p.start, -14)) continue; // registered early: the deposit is not taken yet
      const late = chance(0.15) ? between(8, 25) : between(-3, 7);
      let day = due.deposit ? p.registered : maxDay(addDays(due.day, late), earliest(p));
      if (outcome === 'full' || outcome === 'oweOne' || outcome === 'owePart') day = minDay(day, today);
      if (day > today) continue;
      if (p.suspendedOn && day >= p.suspendedOn) continue;
      paid.push({ due, day });
    }
    if (outcome === 'oweOne' && paid.length > 1) {
      paid.pop();
      p.owesOneInstalment = true;
    }
    if (behind && paid.length > 1 && !paid[paid.length - 1]!.due.deposit) paid.pop();
    for (const [i, { due, day }] of paid.entries()) {
      const isLast = i === paid.length - 1;
      if (outcome === 'owePart' && isLast && !due.deposit) {
        const part = floorK(due.amountK * (0.3 + random() * 0.4), 1000 * NAIRA);
        if (part > 0) addLine(p, day, part, 'Part of the last instalment');
      } else addLine(p, day, due.amountK, due.note);
    }
    // a transfer that bounced, now and then, usually made good in cash or on the POS a few days later
    if (!p.suspendedOn) {
      for (const l of [...p.lines]) {
        if (l.method !== 'transfer' || l.amountK <= 0 || l.day >= today || random() >= 0.035) continue;
        const day = minDay(addDays(l.day, between(1, 3)), today);
        addLine(p, day, -l.amountK, BOUNCED, 'transfer').reverses = l;
        if (day < today && chance(0.8)) addLine(p, minDay(addDays(day, between(0, 4)), today), l.amountK, 'Replaces the bounced transfer', chance(0.5) ? 'cash' : 'pos');
      }
    }
    p.lines.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)); // stable: a reversal stays after its line
  }
  // at least one bounced transfer of each kind
  for (const kind of ['makeup', 'pmu', 'hostel'] as const) {
    const ofKind = plans.filter((p) => p.kind === kind);
    if (ofKind.some((p) => p.lines.some((l) => l.reverses))) continue;
    const p = ofKind.find((x) => !x.suspendedOn && phaseOf(x) === 'past' && x.lines.some((l) => l.amountK > 0 && l.day < today));
    if (!p) continue;
    const l = p.lines.find((x) => x.amountK > 0 && x.day < today)!;
    l.method = 'transfer';
    const day = minDay(addDays(l.day, 1), today);
    const rev: Line = { day, minute: between(9 * 60, 19 * 60), amountK: -l.amountK, method: 'transfer', note: BOUNCED, reverses: l, by: desk };
    const again: Line = { day: minDay(addDays(day, 2), today), minute: between(9 * 60, 19 * 60), amountK: l.amountK, method: 'cash', note: 'Replaces the bounced transfer', by: desk };
    p.lines.splice(p.lines.indexOf(l) + 1, 0, rev, again);
    p.lines.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  }
}

/** 7. Write it all, through the ledger, in the caller's one transaction; the ledger's promise checked before it commits. */
async function writePlans(tx: Tx, s: Seed, modules: Record<Kind, CrudModule>, plans: Plan[]): Promise<{ payments: number; reversals: number }> {
  const { now, timeZone, between } = s;
  const moment = (day: string, minute: number) => {
    const at = studioMoment(day, minute, timeZone);
    return at > now ? now : at;
  };
  const finals: { kind: Kind; id: number; suspended: boolean; at: Date }[] = [];
  const lineTimes: Record<Kind, { id: number; at: Date }[]> = { makeup: [], pmu: [], hostel: [] };
  let payments = 0;
  let reversals = 0;
  const insert = async (p: Plan, created: Date): Promise<number> => {
    const common = { name: p.name, phone: p.phone, start_date: p.start, end_date: p.end, fee: fromKobo(p.feeK) };
    const stamps = { created_at: created, updated_at: created };
    if (p.kind === 'makeup') {
      const { amount_paid: _a, payment_method: _m, ...input } = studentInputSchema.parse({ ...common, email: p.email, address: p.address, program_id: p.program_id, session_id: p.session_id });
      const [row] = await tx.insert(studentsTable).values({ ...input, start_date: p.start, end_date: p.end, fee: input.fee!, ...stamps }).returning({ id: studentsTable.id });
      return row!.id;
    }
    if (p.kind === 'pmu') {
      const { amount_paid: _a, payment_method: _m, ...input } = officeStudentInputSchema.parse({ ...common, email: p.email, address: p.address, package_id: p.package_id });
      const [row] = await tx.insert(officeStudentsTable).values({ ...input, fee: input.fee!, ...stamps }).returning({ id: officeStudentsTable.id });
      return row!.id;
    }
    const { amount_paid: _a, payment_method: _m, ...input } = hostelStudentInputSchema.parse({
      ...common,
      student_id: p.student ? (p.student.dbId ?? fail(`${p.name}'s hostel stay is written before the student`)) : null,
      pricing_id: p.pricing_id,
      session_id: p.session_id ?? null,
      room: p.room ?? null,
    });
    const [row] = await tx.insert(hostelStudentsTable).values({ ...input, fee: input.fee!, ...stamps }).returning({ id: hostelStudentsTable.id });
    return row!.id;
  };
  // in the order they registered (a hostel stay after its student)
  const ordered = [...plans].sort((a, b) =>
    a.registered < b.registered ? -1 : a.registered > b.registered ? 1 : a.registeredMinute !== b.registeredMinute ? a.registeredMinute - b.registeredMinute : a.kind === 'hostel' ? 1 : -1,
  );
  for (const p of ordered) {
    const created = moment(p.registered, p.registeredMinute);
    p.dbId = await insert(p, created);
    let previous: Line | undefined;
    for (const l of p.lines) {
      if (previous?.day === l.day && l.minute <= previous.minute) l.minute = previous.minute + 1;
      previous = l;
      const { payment } = await addLedgerLine(
        tx,
        modules[p.kind],
        p.dbId,
        { amount: fromKobo(l.amountK), method: l.method, date: l.day, note: l.note, reverses_id: l.reverses?.dbId ?? null },
        l.by,
      );
      l.dbId = payment.id;
      lineTimes[p.kind].push({ id: payment.id, at: moment(l.day, l.minute) });
      payments++;
      if (l.reverses) reversals++;
    }
    const lastLine = p.lines[p.lines.length - 1];
    const touchedDay = maxDay(lastLine?.day ?? p.registered, p.suspendedOn ?? p.registered);
    const at = touchedDay === lastLine?.day && !(p.suspendedOn && p.suspendedOn > lastLine.day) ? moment(lastLine.day, lastLine.minute) : moment(touchedDay, between(9 * 60, 18 * 60));
    finals.push({ kind: p.kind, id: p.dbId, suspended: Boolean(p.suspendedOn), at: at < created ? created : at });
  }
  // who was suspended, when each record last changed, when each payment was taken
  const tables = { makeup: [studentsTable, studentPaymentsTable], pmu: [officeStudentsTable, officeStudentPaymentsTable], hostel: [hostelStudentsTable, hostelStudentPaymentsTable] } as const;
  for (const kind of ['makeup', 'pmu', 'hostel'] as const) {
    const [table, ledger] = tables[kind];
    const rows = finals.filter((f) => f.kind === kind);
    if (rows.length) {
      const values = sql.join(rows.map((f) => sql`(${f.id}::int, ${f.suspended}::boolean, ${f.at.toISOString()}::timestamptz)`), sql`, `);
      await tx.execute(sql`update ${table} set suspended = v.suspended, updated_at = v.at from (values ${values}) as v(id, suspended, at) where ${table.id} = v.id`);
    }
    if (lineTimes[kind].length) {
      const values = sql.join(lineTimes[kind].map((l) => sql`(${l.id}::int, ${l.at.toISOString()}::timestamptz)`), sql`, `);
      await tx.execute(sql`update ${ledger} set created_at = v.at from (values ${values}) as v(id, at) where ${ledger.id} = v.id`);
    }
    // the ledger's own promise, checked before anything is kept
    const [bad] = (await tx
      .select({ n: count() })
      .from(table)
      .where(sql`${table.amount_paid} <> coalesce((select sum(${ledger.amount}) from ${ledger} where ${ledger.parent_id} = ${table.id}), 0)`)) as [{ n: number }];
    if (Number(bad.n) > 0) throw new Error(`${bad.n} seeded ${kind} trainees have amount_paid different from their payments.`);
  }
  return { payments, reversals };
}

/**
 * Seeds makeup, PMU and hostel trainees over the past 12 months and the next 2, with their catalogue where
 * missing and their payments; does nothing (returns undefined) when any trainee already exists.
 */
export async function seedTrainees(db: Db, timeZone: string, opts: { now?: Date } = {}): Promise<TraineeSeedResult | undefined> {
  const existing = await Promise.all([studentsTable, officeStudentsTable, hostelStudentsTable].map((t) => db.select({ n: count() }).from(t)));
  if (existing.some(([row]) => Number(row?.n ?? 0) > 0)) return undefined;
  const moduleOf = (name: string) => {
    const mod = crudModules.find((m) => m.resource.name === name);
    if (!mod?.ledger) throw new Error(`The ${name} module and its ledger are not registered.`);
    return mod;
  };
  const modules: Record<Kind, CrudModule> = { makeup: moduleOf(students.name), pmu: moduleOf(officeStudents.name), hostel: moduleOf(hostelStudents.name) };

  // who takes the payments: the desk (the demo's store manager) or another admin
  // who takes the payments: the desk (the demo's store manager) or another admin
  const users = await db.select().from(usersTable).where(eq(usersTable.active, true));
  const admins = users.filter((u) => u.is_admin === 1);
  if (!admins.length) throw new Error('No active admin to record the trainees’ payments.');
  const s = seedContext(opts.now ?? new Date(), timeZone, admins);

  let seeded: TraineeSeedResult | undefined;
  await db.transaction(async (tx) => {
    const catalogue = await seedCatalogue(tx, s);
    const makeup = planMakeup(s, catalogue);
    const pmu = planPmu(s, catalogue);
    const hostel = planHostel(s, catalogue, makeup, pmu);
    const plans = [...makeup, ...pmu, ...hostel];
    suspendSome(s, makeup, pmu, hostel);
    planPayments(s, plans);
    const { payments, reversals } = await writePlans(tx, s, modules, plans);
    await recordActivity(tx, {
      user: null,
      action: 'seed',
      resource: 'trainees',
      recordId: null,
      after: { students: makeup.length, office_students: pmu.length, hostel_students: hostel.length, payments, reversals },
    });
    seeded = {
      programsCreated: catalogue.created.programs,
      sessionsCreated: catalogue.created.sessions,
      packagesCreated: catalogue.created.packages,
      pricingCreated: catalogue.created.pricing,
      makeup: countsOf(makeup, s.today),
      pmu: countsOf(pmu, s.today),
      hostel: { ...countsOf(hostel, s.today), makeupStudents: hostel.filter((h) => h.student).length },
      payments,
      reversals,
      takenKobo: plans.reduce((s, p) => s + paidK(p), 0),
      owedKobo: plans.reduce((s, p) => s + p.feeK - paidK(p), 0),
    };
  });
  return seeded;
}

function fail(message: string): never {
  throw new Error(message);
}
function paidK(p: Plan) {
  return p.lines.reduce((s, l) => s + l.amountK, 0);
}
function countsOf(xs: Plan[], today: string): TraineeKindCounts {
  const statusOf = (p: Plan): TraineeStatus => (p.suspendedOn ? 'suspended' : p.end < today ? 'completed' : 'active');
  const byStatus: Record<TraineeStatus, number> = { active: 0, suspended: 0, completed: 0 };
  for (const p of xs) byStatus[statusOf(p)]++;
  return {
    total: xs.length,
    byStatus,
    inSession: xs.filter((p) => statusOf(p) === 'active' && p.start <= today).length,
    startingSoon: xs.filter((p) => statusOf(p) === 'active' && p.start > today).length,
    paidInFull: xs.filter((p) => paidK(p) === p.feeK).length,
    owing: xs.filter((p) => paidK(p) < p.feeK).length,
    owingOneInstalment: xs.filter((p) => p.owesOneInstalment && p.feeK - paidK(p) === p.dues[p.dues.length - 1]!.amountK).length,
  };
}
