import { describe, expect, it } from 'vitest';
import { enrolmentEnd, programLength } from './resources/training-programs.js';
import { sessionPickerOrder } from './resources/training-sessions.js';

describe('enrolment dates from the program (issue 17, item 4)', () => {
  it('reads a program duration as a length of time, or none', () => {
    expect(programLength('3 months')).toEqual({ months: 3, days: 0 });
    expect(programLength('1 Month')).toEqual({ months: 1, days: 0 });
    expect(programLength('6 weeks')).toEqual({ months: 0, days: 42 });
    expect(programLength('1 month 2 weeks')).toEqual({ months: 1, days: 14 });
    expect(programLength('10 days')).toEqual({ months: 0, days: 10 });
    expect(programLength('1 year')).toEqual({ months: 12, days: 0 });
    for (const none of ['Flexible', 'per month', '0 weeks', '', null]) expect(programLength(none)).toBeNull();
  });

  it('ends the start plus the length: a 1-month class gets one month, a short month keeps its last day', () => {
    expect(enrolmentEnd('2026-01-05', { months: 1, days: 0 })).toBe('2026-02-05');
    expect(enrolmentEnd('2026-01-05', { months: 3, days: 0 })).toBe('2026-04-05');
    expect(enrolmentEnd('2026-01-31', { months: 1, days: 0 })).toBe('2026-02-28');
    expect(enrolmentEnd('2026-12-20', { months: 0, days: 14 })).toBe('2027-01-03');
  });

  it('offers sessions current first, then future soonest first, then past latest first', () => {
    const s = (name: string, start_date: string, end_date: string) => ({ name, start_date, end_date });
    const sessions = [s('old', '2025-01-05', '2025-06-30'), s('next year', '2027-01-04', '2027-06-30'), s('last', '2026-01-05', '2026-06-30'), s('now', '2026-09-07', '2026-12-18'), s('soon', '2026-12-07', '2027-03-31')];
    expect(sessions.sort((a, b) => sessionPickerOrder(a, b, '2026-11-25')).map((x) => x.name)).toEqual(['now', 'soon', 'next year', 'last', 'old']);
  });
});
