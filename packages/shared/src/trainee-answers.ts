import type { BankAccount } from './settings.js';
import type { AttendanceStatus, ScheduleRow } from './trainee-plans.js';

// What the trainee calls of issue 33 answer beyond their records (docs/api.md, Trainees); the route table names them.
/** `GET /api/{students|office-students}/{id}/statement`: what the trainee's statement shows. */
export interface Statement {
  trainee: { id: number; name: string; phone: string; start_date: string; end_date: string; fee: number; amount_paid: number; balance: number; program: string };
  schedule: ScheduleRow[];
  next_due: ScheduleRow | null;
  overdue_amount: number;
  bank_account: BankAccount | null;
  message: string;
  today: string;
}
export interface RegisterRow {
  id: number;
  name: string;
  phone: string;
  program: string;
  status: AttendanceStatus | null;
}
