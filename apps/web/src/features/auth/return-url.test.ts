import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './return-url';

describe('safeReturnUrl', () => {
  it('defaults to / when there is no returnUrl', () => {
    expect(safeReturnUrl(null)).toBe('/');
    expect(safeReturnUrl('')).toBe('/');
  });

  it('keeps a path inside the app, query included', () => {
    expect(safeReturnUrl('/invoices/product-invoices/store?x=1')).toBe('/invoices/product-invoices/store?x=1');
    expect(safeReturnUrl('/dashboard/main')).toBe('/dashboard/main');
  });

  it.each(['//evil.com', 'https://x', '/\\x', '/\\evil.com/path', 'evil.com', 'javascript:alert(1)', '//evil.com/dashboard/main'])(
    'rejects %s (another site) and goes to /',
    (value) => {
      expect(safeReturnUrl(value)).toBe('/');
    },
  );

  it('does not send the user back to the login page', () => {
    expect(safeReturnUrl('/auth/login?returnUrl=%2Fx')).toBe('/');
  });
});
