import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/*
 * How the server delivers the built web app. A fake build (a dist folder written here, as `vite build` lays it out:
 * index.html, hashed files under assets/ with their .br and .gz copies, an unhashed favicon) keeps the test
 * independent of whether apps/web was built; e2e/delivery.spec.ts checks the real build.
 */

const JS = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `{ id: ${i}, name: 'Product ${i}' }`).join(', ')}];\n`;
const HTML = '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), HTML);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const js = path.join(dist, 'assets/index-Ab12Cd34.js');
  fs.writeFileSync(js, JS);
  fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(JS));
  fs.writeFileSync(`${js}.gz`, zlib.gzipSync(JS));
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });

describe('compressed assets', () => {
  it('sends the brotli copy to a browser that accepts br, with Vary: Accept-Encoding', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
    expect(res.rawPayload.length).toBeLessThan(JS.length / 4);
  });

  it('sends the gzip copy to a browser that accepts only gzip', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(JS);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const res = await get('/assets/index-Ab12Cd34.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(JS);
  });

  it('does not serve the compressed copies by their own names', async () => {
    for (const name of ['index-Ab12Cd34.js.br', 'index-Ab12Cd34.js.gz']) {
      const res = await get(`/assets/${name}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
  });
});

describe('caching', () => {
  it('caches hashed assets for a year as immutable', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': encoding });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates index.html on every use, at / and at any app route', async () => {
    for (const url of ['/', '/auth/login', '/dashboard/main', '/products/manage/store?page=2']) {
      const res = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag ?? res.headers['last-modified']).toBeTruthy();
      expect(res.body).toBe(HTML);
    }
  });

  it('revalidates unhashed files (the favicon)', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('HEAD', () => {
  it('answers HEAD / and HEAD of an app route like their GET, without a body', async () => {
    for (const url of ['/', '/dashboard/main']) {
      const res = await get(url, {}, 'HEAD');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe('');
    }
  });

  it('answers HEAD of an asset with its headers', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('');
  });

  it('answers HEAD of an API route like its GET', async () => {
    const token = await t.login();
    const res = await t.call(token, { method: 'HEAD', url: '/api/user' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe('');
  });

  it('keeps a missing file or API path a 404 for HEAD as for GET', async () => {
    for (const url of ['/assets/index-Old00000.js', '/api/nothing-here', '/uploads/nothing.png']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await get(url, {}, method);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
      }
    }
  });

  it('still refuses other methods on app routes', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/dashboard/main' });
    expect(res.statusCode).toBe(404);
  });
});
