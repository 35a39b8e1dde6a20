/**
 * `npm test`: builds the client (the e2e suites drive the real built app), runs every vitest project
 * (unit, server, server-pg: the server suite on PostgreSQL, e2e), prints each project's duration
 * (tests/helpers/project-durations.ts) and ends with the line "N passed, N failed" summing all suites.
 *
 * The e2e files (one browser and one server each) spend most of their time waiting on them — a file
 * uses about a third of a core — so they run two at a time, in a second vitest process beside
 * unit + server + server-pg: on two cores the suite takes the longer of the two halves, not their sum. The e2e half streams its output; the other
 * half's is printed when it ends (tests/.artifacts/vitest-server.log). The few server files that measure
 * latency run last, alone (tests/helpers/timed-files.ts).
 *
 * Extra arguments go to one plain vitest run (e.g. `npm test -- --project server`). With MOSTRADOR_CPU_REPORT=1 it
 * ends with the files that cost the most CPU time (tests/helpers/file-cpu.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { TIMED_FILES } from '../tests/helpers/timed-files';

interface Half {
  name: string;
  args: string[];
  log?: string;
  env?: Record<string, string>;
}

interface Outcome {
  passed: number;
  failed: number;
  /**
   * "file > test" of each failed test and the first lines of its error, repeated at the very end (a long log's
   * tail is what a reader sees, and the other half's error may be far above it).
   */
  failures: string[];
}

interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numFailedTestSuites: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}

/** e2e files at once in `npm test` (MOSTRADOR_E2E_WORKERS to change it, e.g. 1 to read one file's output). */
const E2E_WORKERS = Number(process.env.MOSTRADOR_E2E_WORKERS ?? 2);
/**
 * Server and unit files at once (MOSTRADOR_SERVER_WORKERS). Vitest's default on two cores is one, which left a
 * core idle once the e2e half had ended and the longer server half ran on alone; with two, the OS shares the
 * cores among three files while both halves run, and the server half uses both after.
 */
const SERVER_WORKERS = Number(process.env.MOSTRADOR_SERVER_WORKERS ?? 2);
const args = process.argv.slice(2);
const wantsE2e = !args.includes('--project') || args.some((a, i) => args[i - 1] === '--project' && a === 'e2e');
// MOSTRADOR_CLIENT_BUILT=1: the caller has just built dist/ from this tree (.ci/run builds it beside lint).
if (wantsE2e && process.env.MOSTRADOR_CLIENT_BUILT !== '1') {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

mkdirSync('tests/.artifacts', { recursive: true });
const CPU_REPORT = 'tests/.artifacts/file-cpu.tsv';
rmSync(CPU_REPORT, { force: true });

/** The first lines of a test's error, indented under its name (colours stripped). */
function errorHead(messages: string[] | undefined): string {
  const lines = (messages?.[0] ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, 6);
  return lines.map((line) => `\n      ${line.slice(0, 300)}`).join('');
}

/** One vitest process; its JSON report gives the counts (a crash with no report counts as one failure). */
function run(half: Half): Promise<Outcome> {
  const report = `tests/.artifacts/vitest-${half.name}.json`;
  const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', '--reporter=./tests/helpers/project-durations.ts', `--outputFile=${report}`, ...half.args];
  return new Promise((resolve) => {
    const child = spawn('npx', vitestArgs, { stdio: half.log ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...half.env } });
    if (half.log) {
      const log = createWriteStream(half.log);
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
    }
    child.on('close', (code) => {
      let outcome: Outcome = { passed: 0, failed: 1, failures: [`${half.name}: vitest terminó sin informe (código ${code})`] };
      try {
        const json = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
        const crashed = json.numFailedTests === 0 && code !== 0 ? Math.max(1, json.numFailedTestSuites) : 0;
        const failures = json.testResults.flatMap((file) => {
          const where = relative(process.cwd(), file.name);
          const tests = file.assertionResults.filter((t) => t.status === 'failed').map((t) => `${where} > ${t.fullName}${errorHead(t.failureMessages)}`);
          return tests.length > 0 || file.status !== 'failed' ? tests : [`${where}: ${(file.message ?? 'el archivo falló').split('\n')[0]}`];
        });
        outcome = { passed: json.numPassedTests, failed: json.numFailedTests + crashed, failures };
      } catch {
        // no report: the process died before writing it
      }
      if (half.log) {
        console.log(`\n===== ${half.name} (salida completa en ${half.log}) =====`);
        process.stdout.write(readFileSync(half.log, 'utf8'));
      }
      resolve(outcome);
    });
  });
}

/** With MOSTRADOR_CPU_REPORT=1 (tests/helpers/file-cpu.ts): the files that cost the most CPU, for whoever makes the run faster. */
function printCpuReport(): void {
  if (process.env.MOSTRADOR_CPU_REPORT !== '1' || !existsSync(CPU_REPORT)) return;
  const rows = readFileSync(CPU_REPORT, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
    .map(([file, project, own, children, wall]) => ({ file, project, own: Number(own), children: Number(children), wall: Number(wall) }));
  const total = rows.reduce((sum, r) => sum + r.own + r.children, 0);
  rows.sort((a, b) => b.own + b.children - (a.own + a.children));
  console.log(`\nCPU por archivo (${rows.length} archivos, ${total.toFixed(0)} s en total; tabla completa en ${CPU_REPORT}):`);
  for (const r of rows.slice(0, 20)) {
    console.log(`  ${(r.own + r.children).toFixed(1).padStart(6)} s  (proceso ${r.own.toFixed(1)} + hijos ${r.children.toFixed(1)}, ${r.wall.toFixed(0)} s de reloj)  ${r.project}  ${r.file}`);
  }
}

const outcomes: Outcome[] = [];
if (args.length > 0) outcomes.push(await run({ name: 'run', args }));
else {
  const serverProjects = ['--project', 'server', '--project', 'server-pg'];
  const halves: Half[] = [
    { name: 'e2e', args: ['--project', 'e2e', `--maxWorkers=${E2E_WORKERS}`] },
    { name: 'server', args: ['--project', 'unit', ...serverProjects, `--maxWorkers=${SERVER_WORKERS}`], log: 'tests/.artifacts/vitest-server.log', env: { MOSTRADOR_SKIP_TIMED: '1' } },
  ];
  outcomes.push(...(await Promise.all(halves.map(run))));
  // The files that measure latency, alone on the machine (tests/helpers/timed-files.ts).
  outcomes.push(await run({ name: 'timed', args: [...serverProjects, ...Object.keys(TIMED_FILES)] }));
}
printCpuReport();
const passed = outcomes.reduce((sum, o) => sum + o.passed, 0);
const failed = outcomes.reduce((sum, o) => sum + o.failed, 0);
const failures = outcomes.flatMap((o) => o.failures);
if (failures.length > 0) console.log(`\nFallaron:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
