import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's hashed output (assets/): a new build writes new names, so a cached copy can never be stale. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else of the app (index.html, favicon, avatar): kept, but revalidated (ETag) before each use. */
export const CACHE_REVALIDATE = 'no-cache';

/**
 * Serves the built web app (apps/web/dist) when there is one:
 * - the brotli and gzip copies the build wrote beside each file (vite.config.ts) to browsers that accept them
 *   (`preCompressed`; `Vary: Accept-Encoding`), so no request spends CPU compressing;
 * - hashed assets as immutable for a year, the rest `no-cache`;
 * - GET and HEAD alike, and index.html for every other GET or HEAD outside /api and /uploads (the app's own routes),
 *   while a missing file (an old build's chunk) stays a 404, never the app's HTML.
 * Returns whether a build was found.
 */
export async function registerWebStatic(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) return false;
  const assetsDir = path.join(webDist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // one route per built file (listed at start-up): other paths reach the not-found handler below
    wildcard: false,
    index: false,
    preCompressed: true,
    // the .br/.gz copies are chosen by Accept-Encoding, not addressed by name
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', path.resolve(filePath).startsWith(assetsDir) ? CACHE_IMMUTABLE : CACHE_REVALIDATE);
    },
  });
  return true;
}
