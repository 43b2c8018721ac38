import { readFileSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { type ModuleGraph, neededModules } from './build/first-screen-chunk';
import { PWA_ICONS, drawIcon } from './build/pwa-icons';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const API_ORIGIN = 'http://127.0.0.1:3000';

/** The studio's name and contact lines: defaults in studio.config.json, overridden by STUDIO_* variables at build time. */
export interface StudioConfig {
  name: string;
  tagline: string;
  phone: string;
  email: string;
  address: string;
  instagram: string;
  /** IANA zone of the studio's calendar ("today", month boundaries, printed times); TZ_STUDIO, as the server's. */
  timeZone: string;
  /** The studio's colour (#RRGGBB): the browser's bar, the installed app's icons and splash (STUDIO_THEME_COLOR). */
  themeColor: string;
  /** The installed app's splash background while it starts (STUDIO_BACKGROUND_COLOR). */
  backgroundColor: string;
}

export function loadStudioConfig(env: Record<string, string | undefined> = process.env): StudioConfig {
  const defaults = JSON.parse(readFileSync(new URL('./studio.config.json', import.meta.url), 'utf8')) as StudioConfig;
  const pick = (key: string, fallback: string) => {
    const value = env[key]?.trim();
    return value ? value : fallback;
  };
  return {
    name: pick('STUDIO_NAME', defaults.name),
    tagline: pick('STUDIO_TAGLINE', defaults.tagline),
    phone: pick('STUDIO_PHONE', defaults.phone),
    email: pick('STUDIO_EMAIL', defaults.email),
    address: pick('STUDIO_ADDRESS', defaults.address),
    instagram: pick('STUDIO_INSTAGRAM', defaults.instagram),
    timeZone: pick('TZ_STUDIO', defaults.timeZone),
    themeColor: pick('STUDIO_THEME_COLOR', defaults.themeColor),
    backgroundColor: pick('STUDIO_BACKGROUND_COLOR', defaults.backgroundColor),
  };
}

/** `define` entries shared by the build and the unit tests. */
export function studioDefine(config: StudioConfig): Record<string, string> {
  return { __STUDIO_CONFIG__: JSON.stringify(config) };
}

function studioHtml(config: StudioConfig): Plugin {
  const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return {
    name: 'studio-html',
    transformIndexHtml: (html) => html.replaceAll('%STUDIO_NAME%', escape(config.name)).replaceAll('%STUDIO_THEME_COLOR%', escape(config.themeColor)),
  };
}

/**
 * Fails the build when Lightning CSS lowered `light-dark()` to `--lightningcss-light/dark` variables that no built
 * stylesheet defines (they come only from a literal `color-scheme` declaration, src/app/color-scheme.css): every such
 * colour would be invalid, i.e. a transparent header, drawer or loader.
 */
function colorSchemeGuard(): Plugin {
  return {
    name: 'color-scheme-guard',
    apply: 'build',
    writeBundle(_options, bundle) {
      const css = Object.values(bundle)
        .filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'))
        .map((file) => (file.type === 'asset' ? String(file.source) : ''))
        .join('\n');
      for (const name of ['--lightningcss-light', '--lightningcss-dark']) {
        if (css.includes(`var(${name}`) && !new RegExp(`${name}:`).test(css)) {
          throw new Error(`The built CSS uses ${name} but never defines it: light-dark() colours would be invalid (see src/app/color-scheme.css).`);
        }
      }
    },
  };
}

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the build, kept only
 * when smaller. The server sends them as they are (@fastify/static `preCompressed`): the best ratios, no CPU per request.
 */
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function precompress(): Plugin {
  const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options) {
      const files = walk(options.dir!).filter((f) => TEXT.test(f));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file);
          const copies: [string, Buffer][] = [
            ['.br', await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } })],
            ['.gz', await gzip(data, { level: 9 })],
          ];
          for (const [ext, copy] of copies) if (copy.length < data.length) await writeFile(file + ext, copy);
        }),
      );
    },
  };
}

/** The manifest's icons, drawn in the studio's colour (build/pwa-icons.ts) and written to /icons/ in the build. */
function pwaIcons(config: StudioConfig): Plugin {
  return {
    name: 'pwa-icons',
    apply: 'build',
    generateBundle() {
      for (const icon of PWA_ICONS) this.emitFile({ type: 'asset', fileName: icon.src.slice(1), source: drawIcon(icon.size, icon.purpose, config.themeColor) });
    },
  };
}

/**
 * The installable app (issue 18; docs/decisions/016-offline-till.md): the web app manifest (the studio's name and
 * colours, icons 192, 512 and maskable, standalone) and a service worker that precaches the whole build, so the till
 * opens and sells with no server. `/api` and `/uploads` are never cached or answered by it: the till's data lives in
 * IndexedDB, where the app controls it. A new deploy's worker waits until the page asks it to take over ("Update
 * ready: reload", lib/pwa/service-worker.ts): a page never runs half old and half new files. The page registers the
 * worker itself (a few lines, no workbox-window), so the login route stays within its budget.
 */
function pwa(config: StudioConfig) {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: config.name,
      short_name: config.name.length > 12 ? config.name.split(/\s+/)[0]!.slice(0, 12) : config.name,
      description: config.tagline,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: config.themeColor,
      background_color: config.backgroundColor,
      icons: PWA_ICONS.map(({ src, sizes, purpose }) => ({ src, sizes, type: 'image/png', purpose })),
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // the .br/.gz copies are the same files, chosen by Accept-Encoding
      globIgnores: ['**/*.br', '**/*.gz'],
      // every route of the app opens offline from the cached index.html; the API and photos never
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/uploads\//],
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      clientsClaim: false,
      skipWaiting: false,
      // the dashboard's charts chunk is the largest file (about 420 KB)
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
}

/**
 * The `shell` chunk: what the shell and the admins' home page (the dashboard) import beyond the entry, except the
 * dashboard's own modules (issue 20, item 5: the dashboard on a phone). Left to itself the bundler gives each module
 * shared by a different set of pages a chunk of its own: the dashboard's first screen was 34 files, most of a few
 * hundred bytes, each a round trip on a phone's slow link. Every signed-in page loads the shell first, so a page's
 * imports from this chunk cost it nothing more. build/first-screen-chunk.ts finds the modules by following each
 * import for the names it takes (the bundler's graph holds every module behind a package's index).
 */
function firstScreenChunk() {
  const src = (file: string) => path.join(webRoot, 'src', file);
  const home = src('features/dashboard/dashboard.page.tsx');
  const homeOwn = path.dirname(home) + path.sep;
  const react = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
  let members: Set<string> | undefined;
  return (id: string, graph: ModuleGraph) => {
    if (!members) {
      const entry = neededModules(graph, [src('main.tsx')]);
      members = new Set([...neededModules(graph, [src('app/shell/app-shell.tsx'), home])].filter((m) => !entry.has(m) && !m.startsWith(homeOwn) && !react.test(m)));
    }
    return members.has(id) ? 'shell' : null;
  };
}

export default defineConfig(({ mode }) => {
  // .env files at the repository root may carry STUDIO_* too; real environment variables win
  const env = { ...loadEnv(mode, fileURLToPath(new URL('../..', import.meta.url)), ['STUDIO_', 'TZ_STUDIO']), ...process.env };
  const studio = loadStudioConfig(env);
  return {
    root: webRoot,
    plugins: [react(), studioHtml(studio), colorSchemeGuard(), pwaIcons(studio), pwa(studio), precompress()],
    define: studioDefine(studio),
    server: {
      port: 5173,
      proxy: { '/api': API_ORIGIN, '/uploads': API_ORIGIN },
    },
    preview: { proxy: { '/api': API_ORIGIN, '/uploads': API_ORIGIN } },
    build: {
      outDir: fileURLToPath(new URL('./dist', import.meta.url)),
      emptyOutDir: true,
      chunkSizeWarningLimit: 700,
      // No preload helper and no list of every page's chunks in the login route's entry (4 KB of file names that
      // grew with each page: the gzip-only login route went 0.7 KB over its 150 KB budget). A page's chunks then load
      // as the browser finds their imports; the service worker has precached them all, so that costs no round trip
      // once the app is installed (decision 016).
      modulePreload: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // React and the router change with an upgrade, not with each release of the app: one chunk of their own
            // stays cached (immutable) while the app's code around it changes. Only what every route needs goes here —
            // a group of all of Mantine would drag lazy pages' components into the login route.
            // What the entry imports besides (the login route, the router, the providers) stays in the entry's chunk
            // (`$initial`: imported by the entry or under it): left to the bundler it was a dozen chunks of a few KB,
            // each shared with some lazy pages, and a phone's slow link pays a round trip per request (issue 20, item 5).
            // All of them load before anything is drawn, so one chunk costs no byte more (the login route's budget).
            groups: [
              { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 1 },
              { name: 'start', tags: ['$initial'] },
              { name: firstScreenChunk(), includeDependenciesRecursively: false },
            ],
          },
        },
      },
    },
  };
});
