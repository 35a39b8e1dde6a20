/**
 * The server's background work in one place (issue #32 item 4): named jobs that modules add while the
 * app is built and the app starts once it is ready and stops when it closes. Invariants:
 * - One pass of a job at a time: a tick or a runNow() while a pass runs joins that pass.
 * - A leader-only job runs only on the server that leads (store.leads: several servers on one PostgreSQL
 *   database run it once); the check is made here, once per pass, for every such job.
 * - A pass that throws is logged in one shape ({ job, err }, "tarea en segundo plano falló") and
 *   remembered in the job's status; the job keeps its schedule.
 * - After stop() no pass starts, and stop() resolves once the running ones have ended.
 * Timers are unreferenced: a job never holds the process open.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface JobSpec {
  /** Unique, shown in logs and the status list (e.g. 'facturas-pendientes'). */
  name: string;
  /** Wait between the end of one pass and the next; a job with 0 never runs by itself (runNow only). */
  everyMs: number;
  /** Run only on the server that leads. */
  leaderOnly: boolean;
  /** Wait before the first pass (default: at once when the app is ready). */
  firstDelayMs?: number;
  /** The wait after a pass that failed (default everyMs). */
  retryAfterFailureMs?: number;
  /** One pass; `stopping()` tells a long pass to end early. */
  run: (stopping: () => boolean) => Promise<void>;
}

export interface JobStatus {
  name: string;
  leaderOnly: boolean;
  running: boolean;
  lastRunAt: string | null;
  lastError: string | null;
}

export interface Job {
  /** Starts a pass now (or joins the one running) and resolves when it ends; never rejects. */
  runNow: () => Promise<void>;
  status: () => JobStatus;
}

interface Entry extends Job {
  start: () => void;
  stop: () => Promise<void>;
}

export class JobRegistry {
  private readonly entries = new Map<string, Entry>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly leads: () => Promise<boolean>,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(spec: JobSpec): Job {
    if (this.entries.has(spec.name)) throw new Error(`Tarea repetida: ${spec.name}`);
    const entry = this.entry(spec);
    this.entries.set(spec.name, entry);
    if (this.started) entry.start();
    return entry;
  }

  /** Called by the app once it is ready. */
  start(): void {
    this.started = true;
    for (const entry of this.entries.values()) entry.start();
  }

  /** Called by the app when it closes. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.entries.values()].map((entry) => entry.stop()));
  }

  list(): JobStatus[] {
    return [...this.entries.values()].map((entry) => entry.status());
  }

  private entry(spec: JobSpec): Entry {
    let running: Promise<boolean> | null = null;
    let timer: NodeJS.Timeout | null = null;
    let lastRunAt: string | null = null;
    let lastError: string | null = null;
    const stopping = () => this.stopped;

    /** One pass; resolves true when it ended well (or was skipped), false when it threw. */
    const pass = (): Promise<boolean> => {
      if (this.stopped) return Promise.resolve(true);
      running ??= (async () => {
        try {
          if (spec.leaderOnly && !(await this.leads())) return true;
          await spec.run(stopping);
          lastError = null;
          return true;
        } catch (error) {
          lastError = error instanceof Error ? error.message : String(error);
          this.log.warn({ job: spec.name, err: lastError }, 'tarea en segundo plano falló');
          return false;
        } finally {
          lastRunAt = new Date().toISOString();
        }
      })().finally(() => (running = null));
      return running;
    };

    const schedule = (delayMs: number) => {
      if (this.stopped || spec.everyMs <= 0) return;
      timer = setTimeout(() => {
        void pass().then((ok) => schedule(ok ? spec.everyMs : (spec.retryAfterFailureMs ?? spec.everyMs)));
      }, delayMs);
      timer.unref();
    };

    return {
      runNow: async () => {
        await pass();
      },
      status: () => ({ name: spec.name, leaderOnly: spec.leaderOnly, running: running !== null, lastRunAt, lastError }),
      start: () => schedule(spec.firstDelayMs ?? 0),
      stop: async () => {
        if (timer) clearTimeout(timer);
        await running;
      },
    };
  }
}
