/**
 * The idempotency key of an attempt is durable: the server records it before calling Mercado Pago, so
 * after a restart (a crash after the call went out, reply lost) the retry sends the same key and gets
 * the same preference — never a second one. Both servers run on the same database (on PostgreSQL one
 * database for both: tests/helpers/server.ts restartableDatabase).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startMercadoPagoSimulator } from '../../server/integrations/mercadopago/simulator/server';
import { createProduct } from '../helpers/fixtures';
import { MP_SECRET, MP_TOKEN } from '../helpers/mercadopago';
import { ADMIN_PASSWORD, restartableDatabase, testConfig, testDialect } from '../helpers/server';

const dataDir = mkdtempSync(path.join(tmpdir(), 'mostrador-mp-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function preference(app: FastifyInstance, productId: number) {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
  const token = login.json().data.token as string;
  return app.inject({
    method: 'POST',
    url: '/api/payments/preference',
    headers: { authorization: `Bearer ${token}` },
    payload: { items: [{ productId, quantity: 1 }], payer: { name: 'Tras el corte', email: 'corte@example.com' }, externalReference: 'VENTA-tras-el-corte' },
  });
}

it('a retry after a restart reuses the stored idempotency key and gets the same preference', async () => {
  const sim = await startMercadoPagoSimulator({ webhookSecret: MP_SECRET, accessToken: MP_TOKEN });
  const config = testConfig(dataDir, { MP_ACCESS_TOKEN: MP_TOKEN, MP_WEBHOOK_SECRET: MP_SECRET, MP_API_URL: sim.url }, await restartableDatabase());
  try {
    let app = await buildApp(config);
    expect(app.store.dialect).toBe(testDialect);
    const productId = await createProduct(app.store, { price: 999, stock: 3 });
    sim.setFailNextPreferences(4); // the preference is created each time, every reply is lost
    const lost = await preference(app, productId);
    expect(lost.statusCode).toBe(503);
    await app.close();

    app = await buildApp(config);
    const retried = await preference(app, productId);
    expect(retried.statusCode).toBe(201);
    await app.close();

    const keys = sim.requests.map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(5);
    expect(new Set(keys).size).toBe(1);
    const ids = new Set(sim.requests.map((r) => r.body.external_reference));
    expect(ids).toEqual(new Set(['VENTA-tras-el-corte']));
    const created = await fetch(`${sim.url}/checkout/v1/redirect?pref_id=${encodeURIComponent(retried.json().data.preferenceId)}`);
    expect(created.status).toBe(200);
  } finally {
    await sim.close();
  }
});
