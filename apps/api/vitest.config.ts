import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    // migrates once per run; every file copies that database (test/helpers/test-app.ts)
    globalSetup: ['test/global-setup.ts'],
    // the files of a worker share one process: PGlite's WebAssembly is compiled and the app's modules are loaded
    // once per worker, not once per file (about 40% less CPU for the suite). Each file still opens its own
    // database, and no file may replace a module (vi.mock): a mock would leak into the next file
    isolate: false,
    // room for a loaded machine: in CI the API lanes share two cores with four browsers (load 15-22), where a file's
    // beforeAll (a database copied, a catalogue made) took more than 60 s and a sweep (robustness.test.ts: every route
    // with garbage) more than 100 s; a wait that ends early costs nothing. One limit for every test, none lower per file
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
