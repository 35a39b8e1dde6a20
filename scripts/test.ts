/**
 * `npm test`: builds the client (the e2e suites drive the real built app), runs every vitest project
 * (unit, server, server-pg: the server suite on PostgreSQL, e2e) and ends with the line "N passed, N failed" summing all suites.
 * Extra arguments go to vitest (e.g. `npm test -- --project server`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const wantsE2e = !args.includes('--project') || args.some((a, i) => args[i - 1] === '--project' && a === 'e2e');
if (wantsE2e) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

mkdirSync('tests/.artifacts', { recursive: true });
const report = 'tests/.artifacts/vitest.json';
const run = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...args], {
  stdio: 'inherit',
});

let passed = 0;
let failed = 0;
try {
  const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numFailedTestSuites: number };
  passed = json.numPassedTests;
  failed = json.numFailedTests + (json.numFailedTests === 0 && run.status !== 0 ? Math.max(1, json.numFailedTestSuites) : 0);
} catch {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
