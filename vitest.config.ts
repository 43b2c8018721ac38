import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './apps/api/test/slow-first-sequencer';

export default defineConfig({
  test: {
    // each API test file builds its own database; two at a time fits two cores
    maxWorkers: 2,
    // the API's minute-long files first (apps/api/test/slow-first-sequencer.ts), so neither worker ends alone on one
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tools', root: '.', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
      './apps/api/vitest.config.ts',
      './apps/web/vitest.config.ts',
    ],
  },
});
