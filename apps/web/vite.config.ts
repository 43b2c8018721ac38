import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

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
  };
}

/** `define` entries shared by the build and the unit tests. */
export function studioDefine(config: StudioConfig): Record<string, string> {
  return { __STUDIO_CONFIG__: JSON.stringify(config) };
}

function studioHtml(config: StudioConfig): Plugin {
  const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return { name: 'studio-html', transformIndexHtml: (html) => html.replaceAll('%STUDIO_NAME%', escape(config.name)) };
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

export default defineConfig(({ mode }) => {
  // .env files at the repository root may carry STUDIO_* too; real environment variables win
  const env = { ...loadEnv(mode, fileURLToPath(new URL('../..', import.meta.url)), ['STUDIO_', 'TZ_STUDIO']), ...process.env };
  const studio = loadStudioConfig(env);
  return {
    root: webRoot,
    plugins: [react(), studioHtml(studio), colorSchemeGuard()],
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
    },
  };
});
