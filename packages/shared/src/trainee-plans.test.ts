import { describe, expect, it } from 'vitest';
import { attendanceShare, describePlan, fillSchedule, instalmentPlanSchema, scheduleFromPlan } from './trainee-plans.js';

describe('instalment plans', () => {
  it('shares are rounded to the kobo and the last instalment takes the rest of the fee', () => {
    const plan = { deposit: { share: 33.33, due_days: 0 }, instalments: [{ share: 33.33, due_days: 31 }, { share: 33.34, due_days: 59 }] };
    const lines = scheduleFromPlan(plan, 100000.01, '2026-01-31')!;
    expect(lines.map((l) => [l.due_date, l.amount])).toEqual([
      ['2026-01-31', 33330],
      ['2026-03-03', 33330],
      ['2026-03-31', 33340.01],
    ]);
  });

  it('fixed amounts above the fee write no schedule', () => {
    expect(scheduleFromPlan({ deposit: { amount: 60000, due_days: 0 }, instalments: [{ amount: 50000, due_days: 30 }] }, 100000, '2026-01-01')).not.toBeNull();
    expect(scheduleFromPlan({ deposit: { amount: 60000, due_days: 0 }, instalments: [{ amount: 50000, due_days: 30 }, { share: 1, due_days: 40 }] }, 100000, '2026-01-01')).toBeNull();
  });

  it('refuses shares over 100%, parts out of order, and a part with both an amount and a share', () => {
    expect(instalmentPlanSchema.safeParse({ deposit: { share: 50, due_days: 0 }, instalments: [{ share: 50.01, due_days: 1 }] }).success).toBe(false);
    expect(instalmentPlanSchema.safeParse({ deposit: { share: 50, due_days: 5 }, instalments: [{ share: 50, due_days: 1 }] }).success).toBe(false);
    expect(instalmentPlanSchema.safeParse({ deposit: { share: 50, amount: 1, due_days: 0 }, instalments: [{ share: 50, due_days: 1 }] }).success).toBe(false);
    expect(instalmentPlanSchema.safeParse({ deposit: { share: 50, due_days: 0 }, instalments: [{ share: 50, due_days: 1 }] }).success).toBe(true);
  });

  it('payments fill the earliest lines first; a line is overdue only after its due date', () => {
    const lines = [
      { label: 'Deposit', due_date: '2026-01-01', amount: 100.5 },
      { label: 'Instalment 1', due_date: '2026-02-01', amount: 200 },
    ];
    expect(fillSchedule(lines, 150.5, '2026-02-01').map((r) => [r.paid, r.balance, r.status])).toEqual([
      [100.5, 0, 'paid'],
      [50, 150, 'due'],
    ]);
    expect(fillSchedule(lines, 150.5, '2026-02-02')[1]!.status).toBe('overdue');
    expect(fillSchedule(lines, 400, '2026-03-01').every((r) => r.status === 'paid')).toBe(true);
  });

  it('a plan in a few words', () => {
    expect(describePlan(null)).toBe('No plan');
    expect(describePlan({ deposit: { share: 40, due_days: 0 }, instalments: [{ amount: 50000, due_days: 30 }] })).toBe('40% now, ₦50,000.00 at 30 d');
  });

  it('the share present counts present and late', () => {
    expect(attendanceShare([])).toBeNull();
    expect(attendanceShare([{ status: 'present' }, { status: 'late' }, { status: 'absent' }])).toBe(66.67);
  });
});
