import crypto from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  attendanceShare,
  formatNaira,
  type AttendanceInput,
  type AttendanceRecord,
  type AttendanceStatus,
  type Certificate,
  type CertificateDetail,
  type CertificateVerification,
  type TraineeKind,
} from '@studio/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { invalidField, notFound, unprocessable } from '../../plugins/errors.js';
import { recordActivity } from '../../plugins/activity-log.js';
import type { UserRow } from '../../plugins/auth.js';
import { traineeAttendanceTable as A, traineeCertificatesTable as C } from '../../db/schema.js';
import { inSessionOn, overdueAmount, refOf, traineeRef, traineeWithProgram, TRAINEE_KIND_TABLES, type TraineeWithProgram } from '../../resources/trainees/index.js';
import { readSettings } from '../settings/index.js';

// Attendance and certificates of makeup and PMU trainees (issue 33, items 2, 3 and 6; decision 034).

export async function traineeOr404(db: DbOrTx, kind: TraineeKind, id: number): Promise<TraineeWithProgram> {
  const trainee = await traineeWithProgram(db, kind, id);
  if (!trainee) throw notFound(kind === 'student' ? 'Student' : 'Office student');
  return trainee;
}

/**
 * One mark per trainee per day: a second for the day replaces the first. The studio's gate decides what an
 * overdue instalment does: nothing, a warning with the answer, or a 422 on `trainee_id` (nothing saved).
 */
export async function markAttendance(tx: Tx, user: UserRow, input: AttendanceInput, today: string) {
  const { trainee_kind: kind, trainee_id: id, date, status } = input;
  const trainee = await traineeWithProgram(tx, kind, id);
  if (!trainee) throw invalidField('trainee_id', 'The selected trainee is invalid.');
  if (date > today) throw invalidField('date', 'Attendance cannot be marked for a day that has not come.');
  const warnings: string[] = [];
  const gate = (await readSettings(tx)).overdue_attendance;
  if (gate !== 'none') {
    const overdue = await overdueAmount(tx, kind, id, today);
    if (overdue > 0) {
      const sentence = `${trainee.name} has ${formatNaira(overdue)} overdue on her instalments.`;
      if (gate === 'refuse') throw invalidField('trainee_id', `${sentence} The studio does not mark attendance until it is paid.`);
      warnings.push(sentence);
    }
  }
  const ref = refOf(A, kind);
  const now = new Date();
  const [row] = await tx
    .insert(A)
    .values({ ...traineeRef(kind, id), date, status, recorded_by: user.id, recorded_by_name: user.name })
    .onConflictDoUpdate({ target: [ref, A.date], set: { status, recorded_by: user.id, recorded_by_name: user.name, updated_at: now } })
    .returning({ created: sql<boolean>`(xmax = 0)` });
  return { created: Boolean(row?.created), data: { trainee_kind: kind, trainee_id: id, date, status }, warnings };
}

/** A trainee's marks, oldest first, and the share present (present or late) of the days marked. */
export async function attendanceOf(db: DbOrTx, kind: TraineeKind, trainee: TraineeWithProgram) {
  const marks: AttendanceRecord[] = await db
    .select({ date: A.date, status: A.status, recorded_by: A.recorded_by_name })
    .from(A)
    .where(eq(refOf(A, kind), trainee.id))
    .orderBy(asc(A.date));
  const count = (s: AttendanceStatus) => marks.filter((m) => m.status === s).length;
  return {
    data: marks,
    summary: {
      marked: marks.length,
      present: count('present'),
      late: count('late'),
      absent: count('absent'),
      share_present: attendanceShare(marks),
      min_percent: trainee.min_attendance_percent,
    },
  };
}

/**
 * The class register of a day: the trainees of a kind in session that day (a program's or package's only, when
 * given), with the day's mark if any.
 */
export async function registerOf(db: DbOrTx, kind: TraineeKind, date: string, programId: number | undefined, sessionId: number | undefined) {
  const k = TRAINEE_KIND_TABLES[kind];
  const T = k.table;
  const ref = refOf(A, kind);
  const conditions = [inSessionOn(T, date), programId !== undefined ? eq(k.programOf, programId) : undefined];
  if (kind === 'student' && sessionId !== undefined) conditions.push(eq(TRAINEE_KIND_TABLES.student.table.session_id, sessionId));
  const rows = await db
    .select({ id: T.id, name: T.name, phone: T.phone, program: k.program.name, status: A.status })
    .from(T)
    .innerJoin(k.program, eq(k.program.id, k.programOf))
    .leftJoin(A, and(eq(ref, T.id), eq(A.date, date)))
    .where(and(...conditions))
    .orderBy(asc(T.name), asc(T.id));
  return rows.map((r) => ({ ...r, status: r.status ?? null }));
}

// ---- certificates

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function randomCode(length: number): string {
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/**
 * Issues a certificate, or a 422 naming each thing missing: the balance (while the studio's gate asks for it), the
 * attendance under the program's minimum share (when it sets one), a certificate already in force.
 */
export async function issueCertificate(tx: Tx, user: UserRow, kind: TraineeKind, id: number, today: string): Promise<Certificate> {
  // one issue at a time per trainee: two clicks cannot pass the checks together
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`certificate:${kind}:${id}`}, 0))`);
  const trainee = await traineeOr404(tx, kind, id);
  const missing: Record<string, string[]> = {};
  const [live] = await tx.select({ serial: C.serial }).from(C).where(and(eq(refOf(C, kind), id), isNull(C.revoked_at)));
  if (live) missing.certificate = [`${trainee.name} already has certificate ${live.serial}; revoke it first to issue another.`];
  const settings = await readSettings(tx);
  if (settings.certificate_needs_balance && trainee.balance > 0) {
    missing.balance = [`The balance of ${formatNaira(trainee.balance)} is not paid: the studio's certificates wait for the balance.`];
  }
  if (trainee.min_attendance_percent !== null) {
    const { summary } = await attendanceOf(tx, kind, trainee);
    const share = summary.share_present;
    if (share === null || share < trainee.min_attendance_percent) {
      missing.attendance = [
        share === null
          ? `No attendance is marked; the program asks for at least ${trainee.min_attendance_percent}% of the days.`
          : `Attendance is ${share}% of the marked days; the program asks for at least ${trainee.min_attendance_percent}%.`,
      ];
    }
  }
  if (Object.keys(missing).length > 0) throw unprocessable(missing);
  const issued: Certificate = { serial: `${today.slice(0, 4)}-${randomCode(8)}`, issued_on: today, verify_code: randomCode(10) };
  const [row] = await tx
    .insert(C)
    .values({ ...traineeRef(kind, id), ...issued, name: trainee.name, program: trainee.program, start_date: trainee.start_date, end_date: trainee.end_date, issued_by: user.id })
    .returning({ id: C.id });
  await recordActivity(tx, { user, action: 'create', resource: 'certificates', recordId: row!.id, after: { trainee_kind: kind, trainee_id: id, serial: issued.serial } });
  return issued;
}

const detailColumns = {
  serial: C.serial,
  issued_on: C.issued_on,
  verify_code: C.verify_code,
  name: C.name,
  program: C.program,
  start_date: C.start_date,
  end_date: C.end_date,
  revoked_at: C.revoked_at,
};
const present = (r: Omit<CertificateDetail, 'revoked_at'> & { revoked_at: Date | null }): CertificateDetail => ({ ...r, revoked_at: r.revoked_at?.toISOString() ?? null });

/** A trainee's certificates, newest first (the one in force, if any, has `revoked_at` null). */
export async function certificatesOf(db: DbOrTx, kind: TraineeKind, id: number): Promise<CertificateDetail[]> {
  const rows = await db.select(detailColumns).from(C).where(eq(refOf(C, kind), id)).orderBy(sql`${C.id} desc`);
  return rows.map(present);
}

/** What anyone may learn from a serial and its code: valid with the name, program and date, or only `valid: false`. */
export async function verifyCertificate(db: DbOrTx, serial: string, code: string): Promise<CertificateVerification> {
  const [row] = await db.select({ ...detailColumns }).from(C).where(eq(C.serial, serial));
  const given = Buffer.from(code.toUpperCase());
  const right = Buffer.from(row?.verify_code ?? '');
  const matches = row !== undefined && given.length === right.length && crypto.timingSafeEqual(given, right);
  if (!row || !matches || row.revoked_at) return { valid: false };
  return { valid: true, name: row.name, program: row.program, issued_on: row.issued_on };
}

/** An admin revokes a certificate (logged): it no longer verifies, and the trainee may be issued another. */
export async function revokeCertificate(tx: Tx, user: UserRow, serial: string, reason: string): Promise<CertificateDetail> {
  const [row] = await tx.select({ id: C.id, revoked_at: C.revoked_at }).from(C).where(eq(C.serial, serial)).for('update');
  if (!row) throw notFound('Certificate');
  if (row.revoked_at) throw invalidField('serial', 'The certificate is already revoked.');
  const [after] = await tx.update(C).set({ revoked_at: new Date(), revoked_by: user.id, revoke_reason: reason, updated_at: new Date() }).where(eq(C.id, row.id)).returning(detailColumns);
  await recordActivity(tx, { user, action: 'revoke', resource: 'certificates', recordId: row.id, before: { serial }, after: { serial, reason } });
  return present(after!);
}
