/**
 * The background jobs registry (server/jobs/registry.ts): one pass of a job at a time, leader-only jobs
 * skipped on a server that does not lead, a failing pass logged in one shape and remembered while the job
 * keeps its schedule, and stop() waiting for a running pass and starting no other. The app's own jobs
 * (invoices, CAEA, Mercado Pago, backups) are listed once it is built.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { JobRegistry } from '../../server/jobs/registry';
import { buildApp } from '../helpers/server';

function logger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { log: Fastify({ logger: { stream } }).log, lines };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('until: timeout');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('job registry', () => {
  it('runs one pass at a time: a runNow during a pass joins it', async () => {
    const { log } = logger();
    const jobs = new JobRegistry(async () => true, log);
    let passes = 0;
    let release!: () => void;
    const job = jobs.add({ name: 'lenta', everyMs: 0, leaderOnly: false, run: () => new Promise<void>((r) => ((release = r), passes++)) });
    const first = job.runNow();
    const second = job.runNow();
    await until(() => passes === 1);
    expect(job.status().running).toBe(true);
    release();
    await Promise.all([first, second]);
    expect(passes).toBe(1);
    expect(job.status()).toMatchObject({ running: false, lastError: null });
    expect(job.status().lastRunAt).not.toBeNull();
    expect(() => jobs.add({ name: 'lenta', everyMs: 0, leaderOnly: false, run: async () => {} })).toThrow(/repetida/);
  });

  it('skips a leader-only job where the server does not lead, and runs the others', async () => {
    const { log } = logger();
    let leading = false;
    const jobs = new JobRegistry(async () => leading, log);
    const ran: string[] = [];
    const leader = jobs.add({ name: 'lider', everyMs: 0, leaderOnly: true, run: async () => void ran.push('lider') });
    const every = jobs.add({ name: 'todas', everyMs: 0, leaderOnly: false, run: async () => void ran.push('todas') });
    await leader.runNow();
    await every.runNow();
    expect(ran).toEqual(['todas']);
    leading = true;
    await leader.runNow();
    expect(ran).toEqual(['todas', 'lider']);
  });

  it('logs a failing pass as { job, err }, keeps it in the status, and tries again on its schedule', async () => {
    const { log, lines } = logger();
    const jobs = new JobRegistry(async () => true, log);
    let calls = 0;
    jobs.add({
      name: 'falla-una-vez',
      everyMs: 60_000,
      retryAfterFailureMs: 20,
      leaderOnly: false,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('sin disco');
      },
    });
    jobs.start();
    await until(() => calls >= 2);
    expect(lines.filter((l) => l.job === 'falla-una-vez')).toEqual([expect.objectContaining({ job: 'falla-una-vez', err: 'sin disco', msg: 'tarea en segundo plano falló' })]);
    expect(jobs.list()).toEqual([expect.objectContaining({ name: 'falla-una-vez', lastError: null })]);
    await jobs.stop();
  });

  it('stop() waits for the running pass, and no pass starts afterwards', async () => {
    const { log } = logger();
    const jobs = new JobRegistry(async () => true, log);
    let passes = 0;
    let ended = false;
    const job = jobs.add({
      name: 'cada-10ms',
      everyMs: 10,
      leaderOnly: false,
      run: async () => {
        passes++;
        await new Promise((r) => setTimeout(r, 50));
        ended = true;
      },
    });
    jobs.start();
    await until(() => passes === 1);
    await jobs.stop();
    expect(ended).toBe(true);
    const after = passes;
    await job.runNow();
    await new Promise((r) => setTimeout(r, 60));
    expect(passes).toBe(after);
  });
});

describe("the app's jobs", () => {
  it('are registered by their modules and listed by name', async () => {
    const { s } = await buildApp();
    const names = s.app.jobs.list().map((j) => j.name);
    expect(names).toEqual(expect.arrayContaining(['facturas-pendientes', 'caea', 'mercadopago']));
    expect(s.app.jobs.list().find((j) => j.name === 'caea')).toMatchObject({ leaderOnly: true });
  });
});
