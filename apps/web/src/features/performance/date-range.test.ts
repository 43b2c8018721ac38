import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { describeRange, presetOf, presetRange } from './date-range';

// Wednesday 18 March 2026
const today = dayjs('2026-03-18T15:00:00');

describe('date range presets', () => {
  it('today is one day', () => {
    expect(presetRange('today', today)).toEqual(['2026-03-18', '2026-03-18']);
  });

  it('this week starts on Monday and runs to today', () => {
    expect(presetRange('week', today)).toEqual(['2026-03-16', '2026-03-18']);
    // on a Sunday the week began six days before
    expect(presetRange('week', dayjs('2026-03-22T09:00:00'))).toEqual(['2026-03-16', '2026-03-22']);
    // on a Monday it is that day alone
    expect(presetRange('week', dayjs('2026-03-16T09:00:00'))).toEqual(['2026-03-16', '2026-03-16']);
  });

  it('this month runs from the 1st to today; last month is the whole month before', () => {
    expect(presetRange('month', today)).toEqual(['2026-03-01', '2026-03-18']);
    expect(presetRange('last-month', today)).toEqual(['2026-02-01', '2026-02-28']);
    expect(presetRange('last-month', dayjs('2026-01-10'))).toEqual(['2025-12-01', '2025-12-31']);
  });

  it('recognises a preset range, and no preset for another one', () => {
    expect(presetOf(['2026-02-01', '2026-02-28'], today)).toBe('last-month');
    expect(presetOf(['2026-02-02', '2026-02-28'], today)).toBeNull();
    expect(presetOf(['2026-02-02', null], today)).toBeNull();
  });

  it('describes a range for the cards', () => {
    expect(describeRange(['2026-03-01', '2026-03-18'])).toBe('Mar 1 – Mar 18, 2026');
    expect(describeRange(['2025-12-20', '2026-01-05'])).toBe('Dec 20, 2025 – Jan 5, 2026');
    expect(describeRange(['2026-03-18', '2026-03-18'])).toBe('Mar 18, 2026');
  });
});
