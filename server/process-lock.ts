/**
 * DATA_DIR/mostrador.pid names the server process that has the data open. Offline tools that replace
 * the data (restore) refuse to run while that process is alive.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const pidFile = (dataDir: string) => path.join(dataDir, 'mostrador.pid');

export function writePidFile(dataDir: string): void {
  writeFileSync(pidFile(dataDir), String(process.pid), { mode: 0o600 });
}

export function removePidFile(dataDir: string): void {
  try {
    if (readFileSync(pidFile(dataDir), 'utf8').trim() === String(process.pid)) rmSync(pidFile(dataDir));
  } catch {
    // No file: nothing to remove.
  }
}

/** The pid of a live server on this data, or null (a stale file from a crash does not count). */
export function runningServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
