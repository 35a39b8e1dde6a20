/**
 * A vitest reporter that prints, at the end of `npm test`, how long each project took: its wall time (first
 * file started → last file ended; projects overlap, so these do not add up to the run) and, summed over its
 * files, the time spent importing modules and the time in tests and hooks. It is how CI's duration is
 * watched as the product grows (issue #32).
 */
import type { Reporter, TestModule } from 'vitest/node';

interface ProjectTimes {
  files: number;
  start: number;
  end: number;
  collect: number;
  tests: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

export default class ProjectDurations implements Reporter {
  private readonly projects = new Map<string, ProjectTimes>();
  private readonly started = new Map<string, number>();

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.id, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const name = module.project.name || 'default';
    const now = Date.now();
    const times = this.projects.get(name) ?? { files: 0, start: Number.POSITIVE_INFINITY, end: 0, collect: 0, tests: 0 };
    const diagnostic = module.diagnostic();
    times.files += 1;
    times.start = Math.min(times.start, this.started.get(module.id) ?? now);
    times.end = Math.max(times.end, now);
    times.collect += diagnostic.collectDuration;
    times.tests += diagnostic.duration;
    this.projects.set(name, times);
  }

  onTestRunEnd(): void {
    if (this.projects.size === 0) return;
    const lines = [...this.projects.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([name, t]) =>
          `  ${name.padEnd(10)} ${String(t.files).padStart(4)} archivos  ${seconds(t.end - t.start).padStart(7)} de reloj` +
          `  (importar ${seconds(t.collect)}, pruebas ${seconds(t.tests)}, sumados por archivo)`,
      );
    console.log(`\nDuración por proyecto:\n${lines.join('\n')}`);
  }
}
