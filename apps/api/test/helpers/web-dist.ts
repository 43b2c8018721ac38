import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/** A hashed script of the fake build, large and repetitive enough that compression shows. */
export const FAKE_JS = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `{ id: ${i}, name: 'Product ${i}' }`).join(', ')}];\n`;
export const FAKE_JS_URL = '/assets/index-Ab12Cd34.js';
export const FAKE_HTML = `<!doctype html><html><head><script type="module" src="${FAKE_JS_URL}"></script></head><body><div id="root"></div></body></html>`;

/**
 * A fake web build laid out as `vite build` writes it (index.html, hashed files under assets/ with their .br and .gz
 * copies, an unhashed favicon), so API tests do not depend on apps/web having been built. Returns its folder and a
 * function that removes it.
 */
export function fakeWebDist(): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), FAKE_HTML);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const js = path.join(dir, FAKE_JS_URL);
  fs.writeFileSync(js, FAKE_JS);
  fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(FAKE_JS));
  fs.writeFileSync(`${js}.gz`, zlib.gzipSync(FAKE_JS));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
