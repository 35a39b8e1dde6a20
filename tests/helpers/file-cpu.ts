/**
 * With MOSTRADOR_CPU_REPORT=1, each test file appends one line to tests/.artifacts/file-cpu.tsv: its path, the
 * CPU seconds of the vitest worker while it ran (the test code and, for e2e, the in-process server) and of the
 * child processes it started and ended (Chromium, Caddy, child servers), read from /proc/self/stat. CPU time,
 * unlike wall time, hardly changes with how busy the machine is: it says which files to make cheaper (issue #32).
 * A setup file (vitest.config.ts), run again before each test file: its afterAll is registered before the file's
 * own, so it runs after them.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect } from 'vitest';

const TICKS_PER_SECOND = 100;

/** [own, children] CPU seconds of this process: utime+stime, cutime+cstime (reaped children and their own). */
function cpu(): [number, number] {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(')').pop()!.trim().split(' ');
  const at = (i: number) => Number(fields[i]);
  return [(at(11) + at(12)) / TICKS_PER_SECOND, (at(13) + at(14)) / TICKS_PER_SECOND];
}

if (process.env.MOSTRADOR_CPU_REPORT === '1') {
  // Read when the setup file runs, before the test file is imported (its top-level awaits start servers and browsers).
  const start = cpu();
  const began = Date.now();
  afterAll(() => {
    const [own, children] = cpu();
    const file = path.relative(process.cwd(), expect.getState().testPath ?? 'desconocido');
    const project = process.env.TEST_DIALECT === 'postgres' ? 'pg' : 'node';
    mkdirSync('tests/.artifacts', { recursive: true });
    const line = [file, project, (own - start[0]).toFixed(1), (children - start[1]).toFixed(1), ((Date.now() - began) / 1000).toFixed(1)];
    appendFileSync('tests/.artifacts/file-cpu.tsv', `${line.join('\t')}\n`);
  });
}
