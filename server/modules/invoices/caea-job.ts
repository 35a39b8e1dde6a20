/**
 * The CAEA background work (issue #11), a leader-only job (server/jobs/) every ARCA_CAEA_CHECK_MS and once
 * at start: the keeper (CAEAs of this and the next fortnight), the reporter (due FECAEARegInformativo) and
 * "sin movimiento" for ended fortnights. Does nothing while invoicing is not configured. Each step's
 * failure is logged and the next step still runs.
 */
import type { Store } from '../../db/store';
import type { JobSpec } from '../../jobs/registry';
import { keepCaeas } from './caea-keeper';
import type { CaeaReporter } from './caea-reporter';
import type { ArcaRuntime } from './runtime';

export function caeaJob(store: Store, runtime: ArcaRuntime, reporter: CaeaReporter, everyMs: number, log: (msg: string) => void): JobSpec {
  return {
    name: 'caea',
    everyMs,
    leaderOnly: true,
    run: async (stopping) => {
      if (!(await runtime.effective()).configured) return;
      const steps: [string, () => Promise<unknown>][] = [
        ['obtener el CAEA', () => keepCaeas(store, runtime)],
        ['informar facturas CAEA', () => reporter.reportDue()],
        ['informar CAEA sin movimiento', () => reporter.informNoActivity()],
      ];
      for (const [what, step] of steps) {
        if (stopping()) return;
        try {
          await step();
        } catch (e) {
          log(`No se pudo ${what}: ${(e as Error).message}`);
        }
      }
    },
  };
}
