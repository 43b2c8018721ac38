import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { FAKE_JS_URL, fakeWebDist } from './helpers/web-dist.js';

/*
 * Every response carries the security headers (issue 10): the app page, its files, the uploads, the API (answers and
 * errors alike) and the API docs. e2e/delivery.spec.ts checks that the app itself passes its CSP in Chromium.
 */

let t: TestApp;
let token: string;
let dist: ReturnType<typeof fakeWebDist>;
beforeAll(async () => {
  dist = fakeWebDist();
  t = await createTestApp({ webDist: dist.dir });
  token = await t.login();
});
afterAll(async () => {
  await t.close();
  dist.remove();
});

function directives(res: LightMyRequestResponse): Map<string, string> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.split(/\s+/).slice(1).join(' ')] as [string, string]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const csp = directives(res);
  expect(csp.get('frame-ancestors'), `${what}: CSP frame-ancestors`).toBe("'none'");
  expect(csp.get('default-src'), what).toBe("'self'");
  expect(csp.get('script-src'), `${what}: no inline or eval script`).toBe("'self'");
  expect(csp.get('object-src'), what).toBe("'none'");
  expect(csp.get('base-uri'), what).toBe("'self'");
  expect(csp.has('upgrade-insecure-requests'), `${what}: plain-HTTP installs keep working`).toBe(false);
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('same-origin');
  expect(res.headers['strict-transport-security'], `${what}: HSTS is the TLS terminator's`).toBeUndefined();
}

describe('security headers', () => {
  it('are on the app page, at / and at any app route, for GET and HEAD', async () => {
    for (const url of ['/', '/auth/login', '/dashboard/main']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode).toBe(200);
        expectSecurityHeaders(res, `${method} ${url}`);
      }
    }
  });

  it("are on the app's files, compressed or not", async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await t.app.inject({ method: 'GET', url: FAKE_JS_URL, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expectSecurityHeaders(res, `${FAKE_JS_URL} (${encoding})`);
    }
    expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/favicon.svg' }), '/favicon.svg');
  });

  it('are on API answers and errors', async () => {
    const cases: [string, LightMyRequestResponse, number][] = [
      ['GET /api/user', await t.call(token, { method: 'GET', url: '/api/user' }), 200],
      ['GET /api/users without a token', await t.call(null, { method: 'GET', url: '/api/users' }), 401],
      ['POST /api/login with bad input', await t.call(null, { method: 'POST', url: '/api/login', payload: { username: '' } }), 422],
      ['GET an unknown API path', await t.call(token, { method: 'GET', url: '/api/nothing-here' }), 404],
      ['GET a missing upload', await t.app.inject({ method: 'GET', url: '/uploads/nothing.png' }), 404],
      ['GET a missing asset', await t.app.inject({ method: 'GET', url: '/assets/index-Old00000.js' }), 404],
    ];
    for (const [what, res, status] of cases) {
      expect(res.statusCode, what).toBe(status);
      expectSecurityHeaders(res, what);
    }
  });

  it('let the API docs work but not be framed', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(page);
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    // Swagger UI loads its own scripts and styles, and the spec from the same origin
    expect(csp.get('script-src')).toContain("'self'");
    expect(csp.get('connect-src') ?? csp.get('default-src')).toContain("'self'");
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expectSecurityHeaders(spec, '/api/docs/json');
  });
});
