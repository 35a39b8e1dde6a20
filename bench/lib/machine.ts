/** The machine a figure was measured on (results.json `machine`) and the code it measured (`code`). */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { REPO_ROOT } from './paths';

export interface Machine {
  cpu: string;
  cores: number;
  memGiB: number;
  node: string;
  /** 1-minute load average when the run started: the machine may be shared. */
  loadAtStart: number;
}

export function machineInfo(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'desconocida',
    cores: cpus.length,
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAtStart: loadAverage(),
  };
}

/** The 1-minute load average now: scenarios record it beside each figure (the machine may be shared). */
export const loadAverage = (): number => Math.round(os.loadavg()[0] * 100) / 100;

export const describeHardware = (m: Machine) => `${m.cpu}, ${m.cores} núcleos, ${m.memGiB} GiB, Node ${m.node}`;
export const describeMachine = (m: Machine) => `${describeHardware(m)} (carga al empezar: ${m.loadAtStart})`;

/** The commit measured, marked when the working tree had uncommitted changes in the code under test. */
export function codeVersion(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  try {
    const dirty = git('status', '--porcelain', '--', 'server', 'src', 'domain', 'drizzle') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + cambios sin commit' : ''}`;
  } catch {
    return 'desconocido';
  }
}
