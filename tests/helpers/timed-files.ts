/**
 * Server test files that measure latency (a p95/p99 of /api/health while the server works): on two cores
 * they must not share the machine with the e2e browser. `npm test` (scripts/test.ts) leaves them out of the
 * server half that runs beside the e2e (MOSTRADOR_SKIP_TIMED=1) and runs them alone once both halves end;
 * a plain `npx vitest run` includes them as usual.
 */
export const TIMED_FILES: Record<string, string> = {
  'tests/server/sync-push-load.test.ts': '/api/health p95 while a maximal push is applied',
  'tests/server/import-off-thread.test.ts': '/api/health p99 while a 5 MB sheet is imported',
  'tests/server/report-off-thread.test.ts': '/api/health p99 and push latency while a year report runs',
};
