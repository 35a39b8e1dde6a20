import { defineConfig } from 'vitest/config';
import { DIALECT_FREE, PG_PENDING, SQLITE_ONLY } from './tests/helpers/dialect-lists';
import { TIMED_FILES } from './tests/helpers/timed-files';

/** `npm test` runs the latency-measuring files alone, after the rest (tests/helpers/timed-files.ts). */
const timedLater = process.env.MOSTRADOR_SKIP_TIMED === '1' ? Object.keys(TIMED_FILES) : [];

const serverTests = {
  include: ['tests/server/**/*.test.ts'],
  // The files share one import of the server within a worker (importing it was most of a file's time):
  // each file builds its own app, database and simulators, and none mocks a module (issue #32).
  isolate: false,
  // Generous: CI runs the suite on a busy two-core machine, where the heaviest properties (e.g. a hundred
  // runs of sales-ledger-property) and the operator command's process starts take over a minute.
  testTimeout: 150_000,
  hookTimeout: 120_000,
  // One PostgreSQL cluster for the run, started by the first file that asks for a database (issue #20).
  globalSetup: ['tests/helpers/postgres.ts'],
  // MOSTRADOR_CPU_REPORT=1: each file's CPU time in tests/.artifacts/file-cpu.tsv (PostgreSQL's own is not in it).
  setupFiles: ['tests/helpers/file-cpu.ts'],
};

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/client/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'server', ...serverTests, exclude: timedLater } },
      {
        // The same server suite on PostgreSQL (issue #20), minus the files tests/helpers/dialect-lists.ts lists.
        test: {
          name: 'server-pg',
          ...serverTests,
          exclude: [...Object.keys(SQLITE_ONLY), ...Object.keys(DIALECT_FREE), ...Object.keys(PG_PENDING), ...timedLater],
          env: { TEST_DIALECT: 'postgres' },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles: ['tests/helpers/file-cpu.ts'],
          // Each file starts its own server and browser (random port, own data dir and profile), so files
          // may run side by side; `npm test` runs two at a time (scripts/test.ts). As in the server suite,
          // files share one import of the server within a worker (none mocks a module or edits process.env):
          // about a fifth less CPU per file.
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
