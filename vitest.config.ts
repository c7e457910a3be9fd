import { defineConfig } from 'vitest/config';

/** Server test files that replace a module with `vi.mock` (see the server-isolated project). */
const SERVER_FILES_THAT_MOCK_MODULES = ['apps/server/src/platform/http/firebase-callable.test.ts'];

export default defineConfig({
  test: {
    // The default output, then every run's slowest files (scripts/vitest/file-times-reporter.ts).
    reporters: ['default', './scripts/vitest/file-times-reporter.ts'],
    // Files run three at a time: most of a file's time is spent waiting on PostgreSQL, a browser or
    // a child process, so on CI's two cores three workers finish the suite in about 60 % of one
    // worker's time (measured: 1,190 s against 1,945 s). Each file has its own stores (a temporary
    // folder, a PostgreSQL database of its own), ports (0) and browser.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'tests/docs/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/*.browser.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...SERVER_FILES_THAT_MOCK_MODULES, '**/node_modules/**'],
          environment: 'node',
          // A worker runs its files in one module graph: the app's 500 modules are evaluated once per
          // worker, not once per file (measured on six files: 38 s of imports against 6 s). The server
          // keeps no state in its modules (apps are built per test, caches are keyed by instance), and
          // the files that stub a global restore it.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // A module mock applies only to modules evaluated after it, so these files get modules of their own.
        test: {
          name: 'server-isolated',
          include: SERVER_FILES_THAT_MOCK_MODULES,
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'browser',
          // Each browser file runs a server and a Chromium: three at once on two cores starved a
          // cold first page past the 30-second timeout, so two at a time, after the other projects
          // (Vitest runs projects of different worker counts in groups, one group after another).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          include: ['tests/browser/**/*.test.ts', 'tests/bundle/**/*.test.ts', 'apps/web/src/**/*.browser.test.ts'],
          environment: 'node',
          // One module graph per worker, as the server project: no browser test mocks a module.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // `npm run test:scale` (scripts/test-scale.sh): instances behind nginx on PostgreSQL.
        test: {
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/scale/tls.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
