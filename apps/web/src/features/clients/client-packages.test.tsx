import { describe, expect, it } from 'vitest';
import { packageSummary } from './client-packages';

describe('packageSummary', () => {
  it('says the sessions left and whether the package can be used: active until its expiry, used, expired', () => {
    expect(packageSummary({ sessions: 3, sessions_left: 2, status: 'active', expires_on: '2026-12-29' })).toEqual({ sessions: '2 of 3 sessions left', usable: true, label: expect.stringMatching(/^Until .*2026/) });
    expect(packageSummary({ sessions: 1, sessions_left: 0, status: 'used', expires_on: '2026-12-29' })).toEqual({ sessions: '0 of 1 session left', usable: false, label: 'Used' });
    expect(packageSummary({ sessions: 6, sessions_left: 4, status: 'expired', expires_on: '2026-11-01' })).toMatchObject({ sessions: '4 of 6 sessions left', usable: false, label: expect.stringMatching(/^Expired /) });
  });
});
