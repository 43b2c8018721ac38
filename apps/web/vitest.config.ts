import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { loadStudioConfig, studioDefine } from './vite.config.ts';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // tests see the defaults from studio.config.json, never the machine's STUDIO_* variables
  define: studioDefine(loadStudioConfig({})),
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // a test of a page types, clicks and waits for lazy chunks: generous on a loaded two-core machine (see src/test/setup.ts)
    testTimeout: 60_000,
  },
});
