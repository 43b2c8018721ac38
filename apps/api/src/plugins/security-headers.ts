import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the app (docs/decisions/008-delivery.md §4). Everything comes from the app's own
 * origin; nothing may frame it. Checked in Chromium on every route by e2e/delivery.spec.ts (no violation).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  // the built app is module scripts from /assets only: no inline script, no eval
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // Mantine writes its CSS variables and component styles into <style> tags at run time and sets `style=""` on
  // elements (style props, charts); a nonce could cover the tags but never the attributes, so inline styles stay
  // allowed. Inline styles cannot run code; scripts stay 'self' only.
  'style-src': ["'self'", "'unsafe-inline'"],
  // data: for small inline images (Swagger UI's icons), blob: for a chosen photo's preview before upload
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Security headers on every response (the app page, its files, the uploads and the API), by @fastify/helmet:
 * the CSP above, X-Frame-Options DENY (for browsers without frame-ancestors), X-Content-Type-Options nosniff,
 * Referrer-Policy same-origin, and helmet's other defaults (COOP/CORP same-origin, Origin-Agent-Cluster, ...).
 * Not sent: HSTS, because the server speaks plain HTTP on the studio's network and whatever terminates TLS in
 * front of it owns that header; and `upgrade-insecure-requests`, which would send a plain-HTTP install's
 * requests to an https:// that does not exist.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });
}
