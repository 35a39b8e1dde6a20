/**
 * Processes under test: the real server (`node build/server/main.mjs`, the bundle `npm start` runs) and the bare-Fastify
 * baseline (bench/lib/bare-fastify.ts) start the same way, with the same node flags, each in its own
 * process so autocannon in the bench process never shares their CPU thread. `--profile` adds
 * --cpu-prof (bench/.data/profiles/<label>-<time>/, written when the process exits on SIGTERM; read them
 * with bench/lib/profile-top.ts).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, waitForHealth } from '../../scripts/lib/server-process';
import { BENCH_ADMIN_PASSWORD, BUILD_DIR, PROFILE_DIR, REPO_ROOT } from './paths';

export interface Child {
  baseUrl: string;
  /** Spawn → first 200 from GET /api/health, in ms. */
  startMs: number;
  /** CPU time the process has used so far, every thread (Linux /proc), in ms. */
  cpuMs: () => number;
  stop: () => Promise<void>;
}

export interface ChildOptions {
  script: string;
  env?: Record<string, string>;
  args?: string[];
  profile?: boolean;
  /** Label of the CPU profile file. */
  label?: string;
}

const running = new Set<ChildProcess>();
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

/** utime + stime of process `pid` (all its threads), in ms. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command: state is field 3, utime field 14 and stime field 15 (1-based in proc(5)).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));


export async function startChild(options: ChildOptions): Promise<Child> {
  const port = await freePort();
  // The real server runs bundled (build/server/main.mjs, as `npm start` does); TypeScript scripts go through tsx.
  const flags = options.script.endsWith('.mjs') ? [] : ['--import', 'tsx'];
  if (options.profile) {
    // One folder per process: the main thread and tsx's loader thread each write a profile there.
    const dir = path.join(PROFILE_DIR, `${options.label ?? 'proceso'}-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    flags.push('--cpu-prof', '--cpu-prof-dir', dir);
  }
  const started = performance.now();
  const child = spawn(process.execPath, [...flags, options.script, ...(options.args ?? [])], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output, { pollMs: 5 });
  const startMs = performance.now() - started;
  return {
    baseUrl,
    startMs,
    cpuMs: () => processCpuMs(child.pid!),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      running.delete(child);
    },
  };
}

/** The real server on `dataDir` (which holds mostrador.sqlite) or, given `databaseUrl`, on that PostgreSQL database; rate limits off, quiet logs. */
export function startServer(dataDir: string, options: { profile?: boolean; label?: string; databaseUrl?: string } = {}): Promise<Child> {
  return startChild({
    script: 'build/server/main.mjs',
    profile: options.profile,
    label: options.label ?? 'servidor',
    env: {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      DEMO_DATA: 'false',
      CLIENT_DIR: BUILD_DIR,
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      // Empty: SQLite even when the bench itself runs with a DATABASE_URL.
      DATABASE_URL: options.databaseUrl ?? '',
    },
  });
}

/** The bare-Fastify baseline: GET /bare answers the JSON stored in `payloadFile`. */
export function startBareFastify(payloadFile: string, options: { profile?: boolean } = {}): Promise<Child> {
  return startChild({ script: 'bench/lib/bare-fastify.ts', args: [payloadFile], profile: options.profile, label: 'fastify-pelado' });
}

/** The catalogue API baseline (bench/lib/bare-catalog.ts): the route's statements of `statementsFile` on `database` (a SQLite file or a postgres:// URL). */
export function startBareCatalog(database: string, statementsFile: string, options: { profile?: boolean } = {}): Promise<Child> {
  return startChild({ script: 'bench/lib/bare-catalog.ts', args: [database, statementsFile], profile: options.profile, label: 'catalogo-pelado' });
}

/** Runs a bench script to completion with the same node flags and returns what it printed. */
export function runScript(script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', script, ...args], { cwd: REPO_ROOT, timeout: 300_000, maxBuffer: 1 << 20 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${script}: ${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}
