/**
 * One server per PostgreSQL database runs the background work (store.leads, server/db/pg-store.ts): the
 * ARCA retries, the CAEA loop and the Mercado Pago poller. Several servers on one database answer
 * requests side by side, but only the holder of the session lock retries a pending invoice; when the
 * holder's connection ends (closed, or killed like a crashed server), another server takes the work over.
 * SQLite always leads (one process per file).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pgStore } from '../../server/db/pg-store';
import { invoices } from '../../server/db/schema';
import { exec, first, type Store } from '../../server/db/store';
import { testDatabase } from '../helpers/postgres';
import { buildApp } from '../helpers/server';
import { arcaApp, generate, ISSUER_CUIT, paidSale, waitFor } from './arca/harness';

const killLeaderSession = (store: Store) =>
  store.read((q) =>
    exec(q, sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'mostrador-background' AND datname = current_database()`),
  );

describe('background work leader', () => {
  it('SQLite always leads', async () => {
    const { s } = await buildApp({ config: { databaseUrl: null } });
    expect(await s.app.store.leads()).toBe(true);
  });

  it('on PostgreSQL one store leads; another takes over when it closes or its session is killed', async () => {
    const url = await testDatabase();
    const a = await pgStore(url, { max: 2 });
    const b = await pgStore(url, { max: 2 });
    const c = await pgStore(url, { max: 2 });
    afterAll(async () => {
      await b.close();
      await c.close();
    });
    expect(await a.leads()).toBe(true);
    expect(await a.leads()).toBe(true);
    expect(await b.leads()).toBe(false);
    expect(await c.leads()).toBe(false);

    await a.close();
    await waitFor(async () => (await b.leads()) || (await c.leads()), 15_000);
    const [next, other] = (await b.leads()) ? [b, c] : [c, b];
    expect(await other.leads()).toBe(false);

    // A crash: the session ends without a goodbye; the old holder notices, the other one takes over.
    expect(await killLeaderSession(other)).toBe(1);
    await waitFor(async () => await other.leads(), 15_000);
    expect(await next.leads()).toBe(false);
  });

  it('a server that does not lead leaves a pending invoice alone until the leader is gone, then settles it once', async () => {
    const url = await testDatabase();
    const holder = await pgStore(url, { max: 2 });
    let holderOpen = true;
    afterAll(async () => {
      if (holderOpen) await holder.close();
    });
    expect(await holder.leads()).toBe(true);

    const { s, admin: token, setup } = await arcaApp('monotributo', { config: { databaseUrl: url } });
    expect(await s.app.store.leads()).toBe(false);
    const saleId = await paidSale(s, token, [{ price: 10, quantity: 1 }]);
    setup.sim.faults.err501Count = 1000;
    const res = await generate(s, token, saleId, { tipo_comprobante: 11 });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ data: { status: 'pendiente', cae: null } });
    const id = res.body.data.id as number;
    setup.sim.faults.err501Count = 0;
    const row = () => s.app.store.read((q) => first(q.select().from(invoices).where(eq(invoices.id, id))));
    const attempts = (await row())!.attempts;

    // ARCA answers again and the retry tick is 100 ms (ARCA_RETRY_BASE_MS): a leader would settle it
    // within a second. This server does not lead, so after 3 s the invoice is as it was.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await row()).toMatchObject({ status: 'pendiente', attempts });
    expect(setup.sim.book(ISSUER_CUIT, 4, 11)).toHaveLength(0);

    await holder.close();
    holderOpen = false;
    await waitFor(async () => (await row())!.status === 'autorizada', 20_000);
    expect(await s.app.store.leads()).toBe(true);
    expect(setup.sim.book(ISSUER_CUIT, 4, 11)).toHaveLength(1);
  });
});
