/**
 * Crash between sending and storing: the server (a child process) is SIGKILLed after ARCA granted the
 * CAE but before the reply arrived. Restarted on the same database, it consults ARCA and adopts the
 * same CAE: one sale, one CAE, never a second one.
 */
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { childDatabase } from '../../helpers/child-database';
import { startChildServer, type ChildServer } from '../../helpers/child-server';
import { testDialect } from '../../helpers/server';
import { storeAll } from '../../helpers/sql';
import { ISSUER_CUIT, startSimulator, waitFor, type ArcaSetup } from './harness';

// The child's database on the run's dialect (TEST_DIALECT=postgres: a PostgreSQL database it gets as DATABASE_URL).
const db = await childDatabase('mostrador-arca-crash-');
const { dataDir } = db;
let server: ChildServer | undefined;
let setup: ArcaSetup | undefined;

afterAll(async () => {
  await server?.kill('SIGKILL');
  await setup?.sim.close();
  await db.close();
});

async function api(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}/api${url}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> & { id: number } } };
}

describe('SIGKILL after sending, before storing the CAE', () => {
  it('after restart the invoice is recovered with the same CAE', async () => {
    setup = await startSimulator('monotributo');
    const env = { ...setup.env, ...db.env, ARCA_RETRY_BASE_MS: '200' };
    server = await startChildServer(dataDir, env);
    const token = await server.adminToken();
    const product = await api(server.baseUrl, token, 'POST', '/products', { name: 'Yerba 1 kg', price: 4321.5, stock: 5 });
    const sale = await api(server.baseUrl, token, 'POST', '/sales', { items: [{ productId: product.body.data.id, quantity: 2 }], paymentMethod: 'efectivo' });
    const saleId = sale.body.data.id;

    let release = () => {};
    setup.sim.faults.holdAfterGrant = () => new Promise<void>((resolve) => (release = resolve));
    const pendingRequest = fetch(`${server.baseUrl}/api/invoices/generate-for-sale/${saleId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    }).catch(() => null);
    await waitFor(() => setup!.sim.counters.granted === 1);
    await server.kill('SIGKILL');
    setup.sim.faults.holdAfterGrant = null;
    release();
    await pendingRequest;
    const granted = setup.sim.book(ISSUER_CUIT, 4, 11);
    expect(granted).toHaveLength(1);

    server = await startChildServer(dataDir, env);
    const token2 = await server.adminToken();
    let invoice: Record<string, unknown> = {};
    await waitFor(async () => {
      invoice = (await api(server!.baseUrl, token2, 'GET', `/invoices/sale/${saleId}`)).body.data;
      return invoice?.status === 'autorizada';
    }, 60_000);
    expect(invoice).toMatchObject({ cae: granted[0].cae, cbteNro: 1, invoice_number: '00004-00000001', total: 8643 });
    expect(setup.sim.counters.granted).toBe(1);
    expect(setup.sim.book(ISSUER_CUIT, 4, 11)).toHaveLength(1);
    const again = await api(server.baseUrl, token2, 'POST', `/invoices/generate-for-sale/${saleId}`, {});
    expect(again.status).toBe(200);
    expect(again.body.data.cae).toBe(granted[0].cae);
    // Read from the database itself: one invoice for the sale, on the dialect under test.
    const stored = await storeAll<{ cae: string }>(db.store, 'SELECT cae FROM invoices WHERE sale_id = ?', saleId);
    expect(stored).toEqual([{ cae: granted[0].cae }]);
    expect(existsSync(db.sqliteFile)).toBe(testDialect === 'sqlite');
  }, 120_000);
});
