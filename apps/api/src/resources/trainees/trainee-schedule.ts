import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  fillSchedule,
  formatNaira,
  fromKobo,
  scheduleFromPlan,
  toKobo,
  type InstalmentPlan,
  type OverdueTrainee,
  type ScheduleLine,
  type ScheduleRow,
  type TraineeKind,
} from '@studio/shared';
import { rows as selectRows, type DbOrTx } from '../../db/client.js';
import { sumKobo } from '../../db/columns.js';
import { invalidField } from '../../plugins/errors.js';
import { extraProgramsTable, trainingProgramsTable } from '../../db/schema.js';
import { traineeInstalmentsTable as I } from './trainee-plans.table.js';
import { officeStudentsTable, studentsTable } from './trainees.table.js';

// A makeup or PMU trainee's schedule (issue 33, item 1; decision 034): written from her program's or package's plan
// at enrolment, edited by an admin, read with her payments filled into the earliest lines first.

/** What each kind of trainee is made of: her table, her column in the plan tables, where her program lives. */
export const TRAINEE_KIND_TABLES = {
  student: { table: studentsTable, ref: 'student_id', program: trainingProgramsTable, programOf: studentsTable.program_id, resource: 'students' },
  'office-student': { table: officeStudentsTable, ref: 'office_student_id', program: extraProgramsTable, programOf: officeStudentsTable.package_id, resource: 'office-students' },
} as const;

type KindTables = (typeof TRAINEE_KIND_TABLES)[TraineeKind];
/** The trainee's column on a plan table (`student_id` or `office_student_id`). */
export const refOf = <T extends { student_id: unknown; office_student_id: unknown }>(t: T, kind: TraineeKind): T['student_id'] =>
  t[TRAINEE_KIND_TABLES[kind].ref] as T['student_id'];

/** The trainee a plan row belongs to, as column values. */
export const traineeRef = (kind: TraineeKind, id: number) => ({ [TRAINEE_KIND_TABLES[kind].ref]: id }) as { student_id?: number; office_student_id?: number };

/** The trainee and her program's name, plan and minimum attendance; null when there is no such trainee. */
export async function traineeWithProgram(db: DbOrTx, kind: TraineeKind, id: number) {
  const k: KindTables = TRAINEE_KIND_TABLES[kind];
  const [row] = await db
    .select({
      id: k.table.id,
      name: k.table.name,
      phone: k.table.phone,
      start_date: k.table.start_date,
      end_date: k.table.end_date,
      fee: k.table.fee,
      amount_paid: k.table.amount_paid,
      balance: k.table.balance,
      suspended: k.table.suspended,
      program: k.program.name,
      plan: k.program.plan,
      min_attendance_percent: k.program.min_attendance_percent,
    })
    .from(k.table)
    .innerJoin(k.program, eq(k.program.id, k.programOf))
    .where(eq(k.table.id, id));
  return row ?? null;
}
export type TraineeWithProgram = NonNullable<Awaited<ReturnType<typeof traineeWithProgram>>>;

/** The stored schedule lines, in order. */
export async function scheduleLines(db: DbOrTx, kind: TraineeKind, id: number): Promise<ScheduleLine[]> {
  return db
    .select({ label: I.label, due_date: I.due_date, amount: I.amount })
    .from(I)
    .where(eq(refOf(I, kind), id))
    .orderBy(asc(I.seq));
}

/** The schedule as the API answers it: the lines with what is paid of each, on the studio's `today`. */
export async function readSchedule(db: DbOrTx, kind: TraineeKind, trainee: { id: number; amount_paid: number }, today: string): Promise<ScheduleRow[]> {
  return fillSchedule(await scheduleLines(db, kind, trainee.id), trainee.amount_paid, today);
}

/** Replaces the schedule with these lines (none: no schedule). */
export async function writeSchedule(tx: DbOrTx, kind: TraineeKind, id: number, lines: readonly ScheduleLine[]): Promise<void> {
  await tx.delete(I).where(eq(refOf(I, kind), id));
  if (lines.length === 0) return;
  await tx.insert(I).values(lines.map((l, seq) => ({ ...traineeRef(kind, id), seq, label: l.label, due_date: l.due_date, amount: l.amount })));
}

/**
 * Enrolment (a create of a makeup or PMU trainee): her program's or package's plan, if it has one, written for her
 * fee and start. A plan whose fixed amounts ask for more than her fee is a 422 on `fee` (nothing is saved).
 */
export async function scheduleAtEnrolment(tx: DbOrTx, kind: TraineeKind, trainee: { id: number; fee: number; start_date: string }, plan: InstalmentPlan | null): Promise<void> {
  if (!plan) return;
  const lines = scheduleFromPlan(plan, trainee.fee, trainee.start_date);
  if (!lines) throw invalidField('fee', `The fee of ${formatNaira(trainee.fee)} is less than the program's plan asks for before its last instalment.`);
  await writeSchedule(tx, kind, trainee.id, lines);
}

/** The plan of the program or package a new trainee names. */
export async function planOf(tx: DbOrTx, kind: TraineeKind, programId: number): Promise<InstalmentPlan | null> {
  const k: KindTables = TRAINEE_KIND_TABLES[kind];
  const [row] = await tx.select({ plan: k.program.plan }).from(k.program).where(eq(k.program.id, programId));
  return row?.plan ?? null;
}

/**
 * A fee changed by an edit: the last instalment takes the difference, so the schedule still adds up to the fee.
 * A fee below what the earlier lines ask is a 422 on `fee` (edit the schedule first).
 */
export async function followFee(tx: DbOrTx, kind: TraineeKind, id: number, fee: number): Promise<void> {
  const lines = await tx.select({ id: I.id, amount: I.amount }).from(I).where(eq(refOf(I, kind), id)).orderBy(asc(I.seq));
  if (lines.length === 0) return;
  const othersK = lines.slice(0, -1).reduce((s, l) => s + toKobo(l.amount), 0);
  const lastK = toKobo(fee) - othersK;
  if (lastK < 0) throw invalidField('fee', `The fee cannot be below ${formatNaira(fromKobo(othersK))}, what the schedule's earlier instalments ask; edit the schedule first.`);
  await tx.update(I).set({ amount: fromKobo(lastK) }).where(eq(I.id, lines.at(-1)!.id));
}

/**
 * Trainees of a kind with an instalment past its date and not fully paid on `today`, with what is overdue: each
 * line's unpaid part is what the running total of the lines up to it is above what she has paid (earliest first).
 */
export async function overdueTrainees(db: DbOrTx, kind: TraineeKind, today: string, where?: SQL): Promise<OverdueTrainee[]> {
  const { table: T } = TRAINEE_KIND_TABLES[kind];
  const ref = refOf(I, kind);
  const lines = sql`(select ${ref} as trainee_id, ${I.due_date} as due_date, ${I.amount} as amount,
      sum(${I.amount}) over (partition by ${ref} order by ${I.seq}) as running
    from ${I} where ${ref} is not null)`;
  const rows = await selectRows<{ id: number; name: string; phone: string; balance: string; overdue: string; oldest: string }>(
    db,
    sql`select t.id, t.name, t.phone, t.balance::text as balance,
        sum(greatest(0, least(l.amount, l.running - t.amount_paid)))::text as overdue,
        min(l.due_date)::text as oldest
      from ${T} t join ${lines} l on l.trainee_id = t.id
      where l.due_date < ${today}::date and l.running > t.amount_paid and ${where ?? sql`true`}
      group by t.id, t.name, t.phone, t.balance
      order by min(l.due_date), t.name`,
  );
  const dayMs = 86_400_000;
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    phone: r.phone,
    balance: fromKobo(sumKobo(r.balance)),
    overdue_amount: fromKobo(sumKobo(r.overdue)),
    oldest_due_date: r.oldest,
    days_overdue: Math.round((Date.parse(today) - Date.parse(r.oldest)) / dayMs),
  }));
}

/** What one trainee has overdue on `today` (0: nothing). */
export async function overdueAmount(db: DbOrTx, kind: TraineeKind, id: number, today: string): Promise<number> {
  const [row] = await overdueTrainees(db, kind, today, and(sql`t.id = ${id}`));
  return row?.overdue_amount ?? 0;
}
