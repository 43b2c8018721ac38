import { z } from 'zod';
import { OUTLETS } from './labels.js';
import { PAYMENT_METHODS } from './payment-methods.js';
import { outletSchema } from './primitives.js';
import { ORDER_STATUSES } from './resources/orders.js';
import { APPOINTMENT_STATUSES } from './resources/appointments.js';

// `GET /api/dashboard` (admin): every figure the dashboard shows, in one call. The answer is a set of
// sections (`sales`, `stock`; later `students`, `bookings`, `finances`): it grows by adding keys and never
// changes or removes one, so an older client keeps working. Money is naira; days are studio days.

const count = z.number().int().min(0);
const money = z.number();
const byOutlet = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(OUTLETS.map((o) => [o, value])) as Record<(typeof OUTLETS)[number], T>);

export const salesFiguresSchema = z.object({ count, total: money });
/** Paid sales of a period: count and total, overall and per outlet (voids excluded). */
export const salesPeriodSchema = salesFiguresSchema.extend({ by_outlet: byOutlet(salesFiguresSchema) });

/** One bar of a sales chart: naira per outlet and their sum. */
const outletAmounts = { store: money, office: money, salon: money, total: money };

export const dashboardSchema = z.object({
  /** The studio's today (`YYYY-MM-DD`) in its time zone, which every "today" and "this month" figure uses. */
  date: z.string(),
  time_zone: z.string(),
  generated_at: z.string(),
  sales: z.object({
    today: salesPeriodSchema.extend({ date: z.string() }),
    yesterday: salesPeriodSchema.extend({ date: z.string() }),
    /**
     * Yesterday up to the time of day it is now (`to`, the instant): what today so far is compared with, like for
     * like (issue 34, item 7). A sale counts by when it was made (an offline one by its device's time).
     */
    yesterday_by_now: salesPeriodSchema.extend({ date: z.string(), to: z.string() }),
    /** This month from the 1st to today, with its gross profit (total minus the cost of what was sold). */
    month: salesPeriodSchema.extend({ month: z.string(), from: z.string(), to: z.string(), gross_profit: money }),
    /** The whole of last month, and the same stretch of it as this month so far (1st to the same day). */
    last_month: salesPeriodSchema.extend({
      month: z.string(),
      same_period: salesFiguresSchema.extend({ from: z.string(), to: z.string() }),
    }),
    /** The last 30 studio days, oldest first, every day present (0 when nothing was sold). */
    daily: z.array(z.object({ date: z.string(), ...outletAmounts })),
    /** The last 12 months including this one, oldest first, every month present. */
    monthly: z.array(z.object({ month: z.string(), ...outletAmounts })),
    /**
     * This month's takings per method; cash net of change given. `deposit` is the part of the month's sales paid before
     * the sale (appointment deposits counted at check-out: taken earlier, income now), so the methods and it add up to
     * `month.total`.
     */
    payment_methods: z.object({ ...(Object.fromEntries(PAYMENT_METHODS.map((m) => [m, money])) as Record<(typeof PAYMENT_METHODS)[number], typeof money>), deposit: money }),
    /** This month's 5 best sellers (products and services) by revenue. */
    top_products: z.array(z.object({ product_id: z.number(), name: z.string(), outlet: outletSchema, kind: z.enum(['product', 'service']), quantity: count, total: money })),
    /** This month's 5 best-selling staff by revenue. */
    top_staff: z.array(z.object({ id: z.number(), name: z.string(), count, total: money })),
    /** The 5 newest invoices of any outlet, void ones included (marked). */
    recent_orders: z.array(
      z.object({ id: z.number(), invoice_no: z.string(), outlet: outletSchema, customer_name: z.string(), total: money, status: z.enum(ORDER_STATUSES), created_at: z.string() }),
    ),
  }),
  stock: z.object({
    /** Products (never services) at 0, and from 1 up to their reorder level. */
    finished: count,
    low: count,
    by_outlet: byOutlet(z.object({ finished: count, low: count })),
    /** The 8 products most in need of restocking (finished or low), lowest quantity first. */
    lowest: z.array(z.object({ id: z.number(), name: z.string(), outlet: outletSchema, quantity: count, reorder_level: count, stock_status: z.enum(['finished', 'low']) })),
  }),
  /** This month (1st to today) across the studio: every source of income, every expense. */
  finances: z.object({ month: z.string(), income: money, expense: money, net: money }),
  /** Trainees in session today and what all trainees still owe, per kind. */
  students: z.object({
    in_session: z.object({ students: count, office_students: count, hostel_students: count, total: count }),
    owing: z.object({ count, total: money }),
  }),
  /** Hostel beds taken today (hostel trainees in session), per hostel pricing. */
  hostel: z.object({ taken: count, by_pricing: z.array(z.object({ pricing_id: z.number(), name: z.string(), taken: count })) }),
  /** Bookings (not cancelled) with an event in the next 14 days, soonest first, with what each still owes. */
  bookings: z.object({
    upcoming: z.array(z.object({ id: z.number(), client_name: z.string(), event_date: z.string(), status: z.string(), balance: money })),
    balance_due: money,
    /** What this month's bookings (event this month, not cancelled) still owe: Manage Bookings' "Balance due" for the month. */
    month_balance_due: money,
  }),
  /**
   * Bank transfers (sales, fees, booking payments) no person has confirmed yet, all of them; and this month's
   * transfers flagged not received (issue 17).
   */
  transfers: z.object({
    unconfirmed: z.object({ count, amount: money }),
    not_received: z.object({ month: z.string(), count, amount: money }),
  }),
  /** Today's appointments per outlet (issue 21): how many hold time (not cancelled), and how many of each status. */
  appointments: z.object({
    date: z.string(),
    count: count,
    by_outlet: byOutlet(z.object({ count, ...(Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, count])) as Record<(typeof APPOINTMENT_STATUSES)[number], typeof count>) })),
  }),
  /**
   * Clients this month (1st to today): `new` were first recorded this month; `returning` were recorded before it and
   * came back (a paid sale or a done appointment this month). Merged records are not counted.
   */
  clients: z.object({ month: z.string(), new: count, returning: count }),
  /**
   * The backups (issue 19, item 4): the newest in BACKUP_DIR, its copy in BACKUP_COPY_DIR, a backup that failed
   * since, the last drill (`npm run backup:drill`), and a sentence for each thing to act on (`warnings`: none when
   * all is well): no backup yet, the last older than `stale_after_hours` (26), a failed backup, copy or drill.
   */
  backups: z.object({
    dir: z.string(),
    last: z.object({ file: z.string(), at: z.string(), size: count, database: z.enum(['pglite', 'postgres']) }).nullable(),
    age_hours: z.number().nullable(),
    last_failure: z.object({ at: z.string(), error: z.string() }).nullable(),
    copy: z.object({
      configured: z.boolean(),
      dir: z.string().nullable(),
      file: z.string().nullable(),
      at: z.string().nullable(),
      ok: z.boolean().nullable(),
      error: z.string().nullable(),
    }),
    drill: z.object({ at: z.string(), file: z.string(), ok: z.boolean(), summary: z.string() }).nullable(),
    stale_after_hours: z.number(),
    warnings: z.array(z.string()),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardBackups = Dashboard['backups'];
export type SalesPeriod = z.infer<typeof salesPeriodSchema>;

export const DASHBOARD_DAYS = 30;
export const DASHBOARD_MONTHS = 12;
export const DASHBOARD_TOP = 5;
export const DASHBOARD_STOCK_ALERTS = 8;
export const DASHBOARD_BOOKING_DAYS = 14;
