/**
 * A scratch directory of this test worker (a file's server template, the bundled child server), named by its
 * pid under `parent`. Vitest ends its workers without an 'exit' event, so the directories of workers that
 * have ended are removed the next time a worker makes its own.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function workerDir(parent: string): string {
  mkdirSync(parent, { recursive: true });
  for (const name of readdirSync(parent)) {
    const pid = Number(name);
    if (Number.isInteger(pid) && pid !== process.pid && !alive(pid)) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  const dir = path.join(parent, String(process.pid));
  mkdirSync(dir, { recursive: true });
  return dir;
}
