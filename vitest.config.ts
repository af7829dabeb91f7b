import { defineConfig } from 'vitest/config';

/**
 * Files that start server processes of their own (the cluster harness, `npm start`, pg_dump): they run last, two at a
 * time, apart from the in-process files. Everything else runs on three workers.
 */
const ALL_FILES = [
  'packages/*/src/**/*.test.ts',
  'apps/server/src/**/*.test.ts',
  'apps/web/src/**/*.test.{ts,tsx}',
];
const PROCESS_FILES = [
  'apps/server/src/multi-instance/*.test.ts',
  'apps/server/src/routes/console/sales-instances.test.ts',
  'apps/server/src/server.test.ts',
  'apps/server/src/durability.test.ts',
  'apps/server/src/db/backup.test.ts',
  'apps/server/src/plugins/webhooks-doc.test.ts',
  'apps/server/src/security/production-start.test.ts',
];

/**
 * Files that replace a module (vi.mock) for the whole file: they run in a fresh module registry of their own. The
 * in-process files share one per worker (isolate: false): each file importing the app anew cost ~1 s of module
 * loading per file — over half of the suite's CPU (decision 0059).
 */
const MODULE_MOCK_FILES = ['apps/server/src/routes/storefront/first-view.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Three workers on the CI machine's two cores: a file also waits on PostgreSQL, timers and sockets, which a third
    // worker fills (decision 0059); VITEST_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 3),
    // Builds the migrated PGlite template every test database opens from (apps/server/src/test/pglite-template.ts).
    globalSetup: ['vitest.global-setup.ts'],
    // A project's arrays add to the root's, so the file lists live in the projects only.
    projects: [
      {
        extends: true,
        test: {
          name: 'in-process',
          include: ALL_FILES,
          exclude: ['**/node_modules/**', ...PROCESS_FILES, ...MODULE_MOCK_FILES],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'module-mocks', include: MODULE_MOCK_FILES } },
      // These files run after the others. Alone, one at a time, they kept ~1.1 of the two cores busy (139 s of
      // wall-clock for 156 s of CPU); two at a time take 104–105 s (two runs, no retry; decision 0059). Their timings
      // depend on the OS scheduling several server processes on two cores, so a failed test runs once more (the
      // reporter marks it retried); a test that fails twice fails the run.
      {
        extends: true,
        test: {
          name: 'processes',
          include: PROCESS_FILES,
          maxWorkers: 2,
          retry: 1,
          // A group of its own, after the others' (Vitest runs projects of one group order side by side, and they
          // must then share one number of workers).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
