/** The machine a figure was measured on (results.json `machine`). */
import os from 'node:os';

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
    loadAtStart: Math.round(os.loadavg()[0] * 100) / 100,
  };
}

export const describeHardware = (m: Machine) => `${m.cpu}, ${m.cores} núcleos, ${m.memGiB} GiB, Node ${m.node}`;
export const describeMachine = (m: Machine) => `${describeHardware(m)} (carga al empezar: ${m.loadAtStart})`;
