/**
 * No write unit is open while Mercado Pago is called (issue #20; docs/reference/mercadopago.md "Create a
 * preference"): while the API has not answered the preference, the attempt and the X-Idempotency-Key it
 * sent are already committed (the store's committed-only reader sees them), and the shop's other writes
 * go on. A loopback proxy in front of the real simulator holds the preference request until released.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { payments } from '../../server/db/schema';
import { first } from '../../server/db/store';
import { startMercadoPagoSimulator } from '../../server/integrations/mercadopago/simulator/server';
import { createProduct } from '../helpers/fixtures';
import { eventually, MP_SECRET, MP_TOKEN } from '../helpers/mercadopago';
import { buildApp, closeWithScope } from '../helpers/server';

const bodyOf = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** Forwards to `target`; preference creations wait for `release()` first. */
async function holdingProxy(target: string) {
  const held: { idempotencyKey: string }[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      if (req.method === 'POST' && req.url?.startsWith('/checkout/preferences')) {
        held.push({ idempotencyKey: String(req.headers['x-idempotency-key']) });
        await gate;
      }
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type', 'x-idempotency-key']) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
      const reply = await fetch(`${target}${req.url}`, { method: req.method, headers, body: req.method === 'GET' ? undefined : body });
      res.writeHead(reply.status, { 'content-type': reply.headers.get('content-type') ?? 'application/json' });
      res.end(await reply.text());
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closeWithScope(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, held, release };
}

it('while Mercado Pago has not answered, the attempt and its idempotency key are committed and other writes commit', async () => {
  const sim = await startMercadoPagoSimulator({ webhookSecret: MP_SECRET, accessToken: MP_TOKEN });
  closeWithScope(() => sim.close());
  const proxy = await holdingProxy(sim.url);
  const { s, admin } = await buildApp({ env: { MP_ACCESS_TOKEN: MP_TOKEN, MP_WEBHOOK_SECRET: MP_SECRET, MP_API_URL: proxy.url } });
  const productId = await createProduct(s.app.store, { price: 2500, stock: 4 });
  const reference = 'VENTA-sin-unidad-abierta';
  const asking = s.call({
    method: 'POST',
    url: '/api/payments/preference',
    token: admin,
    payload: { items: [{ productId, quantity: 1 }], payer: { name: 'Ana', email: 'ana@example.com' }, externalReference: reference },
  });
  await eventually(
    () => proxy.held.length,
    (n) => n === 1,
  );

  const attempt = (await s.app.store.read((q) => first(q.select().from(payments).where(eq(payments.externalReference, reference)))))!;
  expect(attempt).toMatchObject({ idempotencyKey: proxy.held[0].idempotencyKey, preferenceId: null, amountCents: 250_000 });
  const brand = await s.call({ method: 'POST', url: '/api/brands', token: admin, payload: { name: 'Mientras Mercado Pago responde' } });
  expect(brand.status).toBe(201);

  proxy.release();
  const res = await asking;
  expect(res.status).toBe(201);
  const stored = (await s.app.store.read((q) => first(q.select().from(payments).where(eq(payments.externalReference, reference)))))!;
  expect(stored.preferenceId).toBe(res.body.data.preferenceId);
  expect(sim.requests.map((r) => r.idempotencyKey)).toEqual([attempt.idempotencyKey]);
});
