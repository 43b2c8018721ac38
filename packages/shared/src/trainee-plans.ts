import { z } from 'zod';
import { addDays } from './calendar.js';
import { formatNaira, fromKobo, toKobo } from './money.js';
import { clientRef, id, isoDate, money, text } from './primitives.js';

// Trainees from enrolment to certificate (issue 33, decision 034): instalment plans and the schedule they write,
// attendance, certificates. The API and the web read these; nothing else defines them.

/** The two kinds of trainee a plan, attendance and a certificate apply to, as the body names them. */
export const TRAINEE_KINDS = ['student', 'office-student'] as const;
export type TraineeKind = (typeof TRAINEE_KINDS)[number];
export const traineeKindSchema = z.enum(TRAINEE_KINDS);
/** A kind's path segment (`/api/students/...`, `/api/office-students/...`). */
export const TRAINEE_KIND_PATHS: Record<TraineeKind, 'students' | 'office-students'> = { student: 'students', 'office-student': 'office-students' };
export const traineeKindOfPath = (segment: string): TraineeKind | null =>
  (Object.entries(TRAINEE_KIND_PATHS).find(([, p]) => p === segment)?.[0] as TraineeKind | undefined) ?? null;

const share = () =>
  z
    .number()
    .gt(0)
    .max(100)
    .refine((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), { error: 'The share must be a percentage with at most 2 decimal places.' });

/** One part of a plan: an amount or a share (%) of the fee, due a number of days after the start. */
export const planPartSchema = z
  .object({
    amount: money().optional(),
    share: share().optional(),
    due_days: z.number().int({ error: 'The due days field must be a whole number of days.' }).min(0).max(3650),
  })
  .refine((p) => (p.amount === undefined) !== (p.share === undefined), { error: 'Give an amount or a share of the fee, not both.', path: ['amount'] });
export type PlanPart = z.infer<typeof planPartSchema>;

/**
 * An instalment plan of a program type or a PMU package: a deposit (due `due_days` after the start, usually 0) and
 * one or more instalments, in date order. The last instalment takes what the others leave of the fee, so a
 * schedule always adds up to the trainee's fee, whatever it is.
 */
export const instalmentPlanSchema = z
  .object({ deposit: planPartSchema, instalments: z.array(planPartSchema).min(1).max(24) })
  .refine((p) => [p.deposit, ...p.instalments].every((part, i, all) => i === 0 || part.due_days >= all[i - 1]!.due_days), {
    error: 'The instalments must be due in order, each on or after the one before.',
    path: ['instalments'],
  })
  .refine((p) => [p.deposit, ...p.instalments].reduce((s, part) => s + Math.round((part.share ?? 0) * 100), 0) <= 100_00, {
    error: 'The shares of the plan add up to more than 100%.',
    path: ['instalments'],
  });
export type InstalmentPlan = z.infer<typeof instalmentPlanSchema>;

/** A line of a written schedule, as stored (naira). */
export interface ScheduleLine {
  label: string;
  due_date: string;
  amount: number;
}

/**
 * The schedule a plan writes for a fee and a start date, exact in kobo: shares are rounded to the kobo, the last
 * instalment takes the rest of the fee. Null when the other parts already ask for more than the fee.
 *
 * @example
 * scheduleFromPlan({ deposit: { share: 40, due_days: 0 }, instalments: [{ share: 30, due_days: 30 }, { share: 30, due_days: 60 }] }, 100000, '2026-01-05')
 * // [{ label: 'Deposit', due_date: '2026-01-05', amount: 40000 }, { label: 'Instalment 1', due_date: '2026-02-04', amount: 30000 }, { label: 'Instalment 2', due_date: '2026-03-06', amount: 30000 }]
 */
export function scheduleFromPlan(plan: InstalmentPlan, fee: number, start: string): ScheduleLine[] | null {
  const feeK = toKobo(fee);
  const parts = [plan.deposit, ...plan.instalments];
  const amountsK = parts.map((p) => (p.amount !== undefined ? toKobo(p.amount) : Math.round((feeK * Math.round(p.share! * 100)) / 100_00)));
  const othersK = amountsK.slice(0, -1).reduce((s, k) => s + k, 0);
  if (othersK > feeK) return null;
  amountsK[amountsK.length - 1] = feeK - othersK;
  return parts.map((p, i) => ({ label: i === 0 ? 'Deposit' : `Instalment ${i}`, due_date: addDays(start, p.due_days), amount: fromKobo(amountsK[i]!) }));
}

export const SCHEDULE_STATUSES = ['paid', 'due', 'overdue'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const SCHEDULE_STATUS_LABELS: Record<ScheduleStatus, string> = { paid: 'Paid', due: 'Due', overdue: 'Overdue' };

export const scheduleRowSchema = z.object({
  label: z.string(),
  due_date: z.string(),
  amount: z.number(),
  paid: z.number(),
  balance: z.number(),
  status: z.enum(SCHEDULE_STATUSES),
});
export type ScheduleRow = z.infer<typeof scheduleRowSchema>;

/**
 * What has been paid, filled into the schedule's earliest lines first; a line not fully paid is overdue once its due
 * date is before `today` (the studio's date: overdue on the day after), else due.
 *
 * @example
 * fillSchedule([{ label: 'Deposit', due_date: '2026-01-05', amount: 40000 }, { label: 'Instalment 1', due_date: '2026-02-04', amount: 60000 }], 50000, '2026-02-05')
 * // [{ ..., paid: 40000, balance: 0, status: 'paid' }, { ..., paid: 10000, balance: 50000, status: 'overdue' }]
 */
export function fillSchedule(lines: readonly ScheduleLine[], paid: number, today: string): ScheduleRow[] {
  let leftK = Math.max(0, toKobo(paid));
  return lines.map((l) => {
    const amountK = toKobo(l.amount);
    const paidK = Math.min(amountK, leftK);
    leftK -= paidK;
    const balanceK = amountK - paidK;
    const status: ScheduleStatus = balanceK === 0 ? 'paid' : l.due_date < today ? 'overdue' : 'due';
    return { label: l.label, due_date: l.due_date, amount: l.amount, paid: fromKobo(paidK), balance: fromKobo(balanceK), status };
  });
}

/** The next line not fully paid, or null. */
export const nextDue = (rows: readonly ScheduleRow[]): ScheduleRow | null => rows.find((r) => r.status !== 'paid') ?? null;

/** `PUT /api/{students|office-students}/{id}/schedule` (admin, logged): the whole schedule, adding up to the fee; [] removes it. */
export const scheduleEditSchema = z.object({
  instalments: z
    .array(z.object({ label: text(60).optional(), due_date: isoDate(), amount: money() }))
    .max(36)
    .refine((l) => l.every((line, i) => i === 0 || line.due_date >= l[i - 1]!.due_date), { error: 'The instalments must be in date order.' }),
});
export type ScheduleEdit = z.infer<typeof scheduleEditSchema>;

/** A row of `GET /api/students-overdue` and `/api/office-students-overdue`. */
export const overdueTraineeSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  balance: z.number(),
  overdue_amount: z.number(),
  oldest_due_date: z.string(),
  days_overdue: z.number(),
});
export type OverdueTrainee = z.infer<typeof overdueTraineeSchema>;

// ---- gates (studio settings)
/** What an overdue instalment does to recording attendance: nothing, a warning with the answer, or a 422. */
export const OVERDUE_ATTENDANCE_GATES = ['none', 'warn', 'refuse'] as const;
export type OverdueAttendanceGate = (typeof OVERDUE_ATTENDANCE_GATES)[number];
export const OVERDUE_ATTENDANCE_LABELS: Record<OverdueAttendanceGate, string> = { none: 'Nothing', warn: 'A warning', refuse: 'Refused' };

// ---- attendance
export const ATTENDANCE_STATUSES = ['present', 'late', 'absent'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = { present: 'Present', late: 'Late', absent: 'Absent' };

/** `POST /api/attendance` (staff): one mark per trainee per day; a second for the same day replaces the first. */
export const attendanceInputSchema = z.object({
  trainee_kind: traineeKindSchema,
  trainee_id: id(),
  date: isoDate(),
  status: z.enum(ATTENDANCE_STATUSES),
  /** A device's key for a mark queued offline; marks are upserts, so a resend changes nothing. */
  client_ref: clientRef(),
});
export type AttendanceInput = z.infer<typeof attendanceInputSchema>;

export const attendanceRecordSchema = z.object({ date: z.string(), status: z.enum(ATTENDANCE_STATUSES), recorded_by: z.string().nullable() });
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

/** Present or late counts as attended; the share is of the days marked, in % with 2 decimals (null before any mark). */
export function attendanceShare(marks: readonly { status: AttendanceStatus }[]): number | null {
  if (marks.length === 0) return null;
  const attended = marks.filter((m) => m.status !== 'absent').length;
  return Math.round((attended * 10_000) / marks.length) / 100;
}

// ---- certificates
export const certificateSchema = z.object({
  serial: z.string(),
  issued_on: z.string(),
  verify_code: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** What the certificate page prints (admin). */
export const certificateDetailSchema = certificateSchema.extend({
  name: z.string(),
  program: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  revoked_at: z.string().nullable(),
});
export type CertificateDetail = z.infer<typeof certificateDetailSchema>;

/** `GET /api/certificates/{serial}?code=` (no sign-in): a right code, or `{ valid: false }` and nothing else. */
export const certificateVerificationSchema = z.union([
  z.object({ valid: z.literal(true), name: z.string(), program: z.string(), issued_on: z.string() }),
  z.object({ valid: z.literal(false) }),
]);
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

export const certificateRevokeSchema = z.object({ reason: text(255) });

/** The address a certificate's QR code carries: the public page, with its code. */
export const certificateVerifyPath = (serial: string, code: string) => `/verify/${encodeURIComponent(serial)}?code=${encodeURIComponent(code)}`;

/**
 * A plan in a few words, for a list: "40% now, 30% at 30 d, 30% at 60 d".
 *
 * @example
 * describePlan({ deposit: { share: 40, due_days: 0 }, instalments: [{ amount: 50000, due_days: 30 }] }) // '40% now, ₦50,000.00 at 30 d'
 */
export function describePlan(plan: InstalmentPlan | null | undefined): string {
  if (!plan) return 'No plan';
  const part = (p: PlanPart) => `${p.share !== undefined ? `${p.share}%` : formatNaira(p.amount!)} ${p.due_days === 0 ? 'now' : `at ${p.due_days} d`}`;
  return [plan.deposit, ...plan.instalments].map(part).join(', ');
}

