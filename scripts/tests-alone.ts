/**
 * Runs each test of a vitest project alone: one `vitest run <file> -t '^<full name>$'` process per test,
 * JOBS at a time, and prints the ones that fail. A test that passes only after another one is found here.
 *   npx tsx scripts/tests-alone.ts [files...]            (PROJECT=server by default, JOBS=2)
 * With no files it lists the whole project first (`vitest list`, which collects every file).
 * A test counts as passed only when its process exits 0 and reports exactly one test passed.
 */
import { execFileSync, spawn } from 'node:child_process';

const project = process.env.PROJECT ?? 'server';
const jobs = Number(process.env.JOBS ?? 2);
const files = process.argv.slice(2);

interface Listed {
  name: string;
  file: string;
}
// `--json` last: followed by a path, vitest would write the list into that file.
const listed = JSON.parse(
  execFileSync('npx', ['vitest', 'list', '--project', project, ...files, '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1e8 }),
) as Listed[];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const queue = listed.map((test) => ({ ...test, pattern: `^${escape(test.name.split(' > ').join(' '))}$` }));
console.log(`${queue.length} tests, ${jobs} a la vez`);

let done = 0;
const failures: string[] = [];

function runAlone(test: (typeof queue)[number]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const chunks: string[] = [];
    const child = spawn('npx', ['vitest', 'run', '--project', project, test.file, '-t', test.pattern], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => chunks.push(String(d)));
    child.stderr.on('data', (d) => chunks.push(String(d)));
    // Colour codes out, so the summary line can be read.
    // eslint-disable-next-line no-control-regex
    child.on('close', (code) => resolve({ code: code ?? 1, output: chunks.join('').replace(/\x1b\[[0-9;]*m/g, '') }));
  });
}

async function worker(): Promise<void> {
  for (let test = queue.shift(); test; test = queue.shift()) {
    const { code, output } = await runAlone(test);
    done += 1;
    if (code === 0 && /Tests\s+1 passed/.test(output)) {
      if (done % 20 === 0) console.log(`${done} corridos, ${failures.length} fallaron`);
      continue;
    }
    const where = `${test.file.replace(/^.*?tests\//, 'tests/')} › ${test.name}`;
    failures.push(where);
    const reasons = output.split('\n').filter((line) => /Error|expected|Tests /.test(line)).slice(0, 6);
    console.log(`FALLA ${where}\n${reasons.join('\n')}`);
  }
}

await Promise.all(Array.from({ length: jobs }, worker));
console.log(`${done} corridos solos, ${failures.length} fallaron`);
process.exit(failures.length ? 1 : 0);
