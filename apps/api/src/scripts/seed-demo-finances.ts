import { count } from 'drizzle-orm';
import { addDays, fromKobo, studioDate, type FinanceType, type Outlet } from '@studio/shared';
import type { Db } from '../db/client.js';
import { financesTable, usersTable } from '../db/schema.js';
import { rng } from './seed-random.js';

// A year of the studio's own income and expenses, so the Income & Expenses page and the dashboard look like a
// real studio's: rent and salaries monthly, diesel weekly (the grid fails), stock bought fortnightly per outlet,
// utilities, transport, marketing, the odd repair, and a little income of its own (hall rental, consultations).


type Entry = { type: FinanceType; category: string; amountK: number; date: string; description: string; outlet: Outlet | null };

export interface FinanceSeedCounts {
  entries: number;
  incomeKobo: number;
  expenseKobo: number;
}

/** Adds 12 months of entries up to today (studio time); does nothing when any entry exists. */
export async function seedFinances(db: Db, timeZone: string, now = new Date()): Promise<FinanceSeedCounts | null> {
  const [{ n }] = (await db.select({ n: count() }).from(financesTable)) as [{ n: number }];
  if (Number(n) > 0) return null;
  const [admin] = await db.select({ id: usersTable.id }).from(usersTable).orderBy(usersTable.id).limit(1);
  const rand = rng(20261123);
  const between = (lowNaira: number, highNaira: number, stepNaira = 500) => Math.round((lowNaira + rand() * (highNaira - lowNaira)) / stepNaira) * stepNaira * 100;
  const today = studioDate(now, timeZone);
  const start = addDays(today, -365);
  const entries: Entry[] = [];
  const add = (e: Entry) => {
    if (e.date >= start && e.date <= today) entries.push(e);
  };
  for (let day = start; day <= today; day = addDays(day, 1)) {
    const d = new Date(`${day}T00:00:00Z`);
    const dom = d.getUTCDate();
    const dow = d.getUTCDay();
    const month = day.slice(0, 7);
    if (dom === 1) add({ type: 'expense', category: 'Rent', amountK: 35000000, date: day, description: `Shop and office rent, ${month}`, outlet: null });
    if (dom === 28) add({ type: 'expense', category: 'Salaries', amountK: 145000000 + (month >= '2026-07' ? 15000000 : 0), date: day, description: `Staff salaries, ${month}`, outlet: null });
    if (dom === 5) add({ type: 'expense', category: 'Utilities', amountK: between(45000, 85000), date: day, description: 'Electricity token, water and internet', outlet: null });
    if (dow === 1) add({ type: 'expense', category: 'Generator fuel', amountK: between(32000, 65000), date: day, description: 'Diesel for the generator', outlet: null });
    if (dow === 3 && rand() < 0.7) add({ type: 'expense', category: 'Transport', amountK: between(3000, 15000, 100), date: day, description: 'Keke and dispatch rider', outlet: null });
    if (dom === 10 || dom === 24) {
      for (const outlet of ['store', 'office', 'salon'] as const) {
        const range = outlet === 'store' ? [250000, 650000] : outlet === 'salon' ? [180000, 450000] : [90000, 220000];
        add({ type: 'expense', category: 'Stock purchase', amountK: between(range[0]!, range[1]!, 1000), date: day, description: `Restock, ${outlet === 'store' ? 'makeup store' : outlet === 'office' ? 'PMU office' : 'salon'}`, outlet });
      }
    }
    if (dom === 15) add({ type: 'expense', category: 'Marketing', amountK: between(40000, 120000, 1000), date: day, description: 'Instagram and Facebook ads', outlet: null });
    if (rand() < 0.02) add({ type: 'expense', category: 'Repairs', amountK: between(15000, 90000), date: day, description: 'Chair, dryer or AC repair', outlet: rand() < 0.5 ? 'salon' : null });
    if (dow === 6 && rand() < 0.25) add({ type: 'income', category: 'Hall rental', amountK: between(50000, 150000, 5000), date: day, description: 'Training hall rented for a masterclass', outlet: null });
    if (rand() < 0.05) add({ type: 'income', category: 'Consultation', amountK: between(10000, 30000, 1000), date: day, description: 'Bridal consultation fee', outlet: null });
  }
  await db.insert(financesTable).values(
    entries.map((e) => ({ type: e.type, category: e.category, amount: fromKobo(e.amountK), date: e.date, description: e.description, outlet: e.outlet, recorded_by: admin?.id ?? null })),
  );
  return {
    entries: entries.length,
    incomeKobo: entries.filter((e) => e.type === 'income').reduce((k, e) => k + e.amountK, 0),
    expenseKobo: entries.filter((e) => e.type === 'expense').reduce((k, e) => k + e.amountK, 0),
  };
}
