/**
 * The CAEA background work (issue #11), every ARCA_CAEA_CHECK_MS and once at start: the keeper (CAEAs of
 * this and the next fortnight), the reporter (due FECAEARegInformativo) and "sin movimiento" for ended
 * fortnights. Does nothing while invoicing is not configured, nor on a server that does not lead
 * (store.leads: several servers on one PostgreSQL database run it once). Runs one pass at a time; `runNow` lets a
 * caller (tests, a push that brought CAEA invoices) start a pass and wait for it.
 */
import type { Store } from '../../db/store';
import { keepCaeas } from './caea-keeper';
import type { CaeaReporter } from './caea-reporter';
import type { ArcaRuntime } from './runtime';

export interface CaeaLoop {
  runNow: () => Promise<void>;
  stop: () => Promise<void>;
}

export function startCaeaLoop(store: Store, runtime: ArcaRuntime, reporter: CaeaReporter, everyMs: number, log: (msg: string) => void): CaeaLoop {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    if (!(await store.leads()) || !(await runtime.effective()).configured) return;
    const steps: [string, () => Promise<unknown>][] = [
      ['obtener el CAEA', () => keepCaeas(store, runtime)],
      ['informar facturas CAEA', () => reporter.reportDue()],
      ['informar CAEA sin movimiento', () => reporter.informNoActivity()],
    ];
    for (const [what, step] of steps) {
      if (stopped) return;
      try {
        await step();
      } catch (e) {
        log(`No se pudo ${what}: ${(e as Error).message}`);
      }
    }
  };
  const runNow = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (!running) running = pass().finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => void runNow(), everyMs);
  timer.unref();
  void runNow();
  return {
    runNow,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
