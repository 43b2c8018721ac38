import { describe, expect, it } from 'vitest';
import { studio } from './config';
import { formatDateTime } from './format';
import { studioDate, studioDateTime, studioReceiptTime } from './studio-time';

describe('studio time (Africa/Lagos, UTC+1, whatever zone the device is in)', () => {
  it('is the configured zone', () => {
    expect(studio.timeZone).toBe('Africa/Lagos');
  });
  it('puts 23:30 UTC on the next studio day', () => {
    expect(studioDate(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
    expect(studioDate(new Date('2026-03-31T22:59:00Z'))).toBe('2026-03-31');
  });
  it('prints instants on the studio clock', () => {
    expect(studioDateTime('2026-03-09T23:30:00Z')).toBe('Mar 10, 2026, 00:30');
    expect(formatDateTime('2026-03-09T13:05:00Z')).toBe('Mar 9, 2026, 14:05');
    expect(studioReceiptTime('2026-03-09T13:05:00Z')).toBe('9 Mar 2026, 14:05');
  });
});

describe('the studio wall clock of a date-and-time field', () => {
  it('reads an instant on the studio clock and turns the clock back into the same instant', async () => {
    const { studioInstant, studioWallClock } = await import('./studio-time');
    // Lagos is UTC+1 all year
    expect(studioInstant('2026-03-09 10:30')).toBe('2026-03-09T09:30:00.000Z');
    expect(studioWallClock('2026-03-09T23:30:00Z')).toBe('2026-03-10 00:30');
    expect(studioInstant(studioWallClock('2026-07-01T05:05:00Z'))).toBe('2026-07-01T05:05:00.000Z');
    expect(studioInstant('2026-03-09')).toBeNull();
    expect(studioInstant('2026-02-30 10:00')).toBeNull();
  });
});

describe("the studio's clock setting (issue 34, item 7): one way to write a time", () => {
  it('writes every time on the 24-hour clock by default and on the 12-hour clock when the studio chooses it; values stay HH:mm', async () => {
    const { clockFormat, formatClock, setClockFormat, showTime, studioTime } = await import('./studio-time');
    expect(clockFormat()).toBe('24h');
    expect([formatClock('00:05'), formatClock('14:05'), showTime('2026-03-09T13:05:00Z')]).toEqual(['00:05', '14:05', '14:05']);
    setClockFormat('12h');
    try {
      expect([formatClock('00:05'), formatClock('09:30'), formatClock('12:00'), formatClock('14:05')]).toEqual(['12:05 AM', '9:30 AM', '12:00 PM', '2:05 PM']);
      expect(showTime('2026-03-09T13:05:00Z')).toBe('2:05 PM');
      expect(studioDateTime('2026-03-09T13:05:00Z')).toBe('Mar 9, 2026, 2:05 PM');
      expect(studioReceiptTime('2026-03-09T13:05:00Z')).toMatch(/^9 Mar 2026, 2:05\s?pm$/i);
      // what a field edits and what arithmetic reads is still the 24-hour value
      expect(studioTime('2026-03-09T13:05:00Z')).toBe('14:05');
      expect(formatClock(null)).toBe('');
    } finally {
      setClockFormat('24h');
    }
    expect(studioDateTime('2026-03-09T13:05:00Z')).toBe('Mar 9, 2026, 14:05');
  });
});
