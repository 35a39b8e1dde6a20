/**
 * A real server (listening on loopback, so the simulator's webhooks reach it) configured against a
 * real Mercado Pago simulator, plus the steps of the POS's card flow through the API. Both are closed
 * with the caller's scope (see buildApp).
 */
import { startMercadoPagoSimulator, type MercadoPagoSimulator } from '../../server/integrations/mercadopago/simulator/server';
import { createProduct } from './fixtures';
import { buildApp, closeWithScope, type TestServer } from './server';

export const MP_TOKEN = 'TEST-1234567890-token-de-prueba';
export const MP_SECRET = 'secreto-webhook-de-prueba';

export interface MpTestbed {
  server: TestServer;
  sim: MercadoPagoSimulator;
  origin: string;
  /** A seller's token. */
  token: string;
}

export async function startMpTestbed(env: Record<string, string> = {}): Promise<MpTestbed> {
  const sim = await startMercadoPagoSimulator({ webhookSecret: MP_SECRET, accessToken: MP_TOKEN });
  closeWithScope(() => sim.close());
  const { s: server, seller: token } = await buildApp({ env: { MP_ACCESS_TOKEN: MP_TOKEN, MP_WEBHOOK_SECRET: MP_SECRET, MP_API_URL: sim.url, ...env }, seller: 'vendedor1' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { server, sim, origin, token };
}

/** A preference for `items` (the POS's call), from the shop's own origin. */
export function requestPreference(bed: MpTestbed, payload: Record<string, unknown>) {
  return bed.server.call({ method: 'POST', url: '/api/payments/preference', token: bed.token, headers: { host: new URL(bed.origin).host }, payload });
}

/** Product with stock, a preference and its pendiente sale: what the POS does before redirecting. */
export async function pendingSale(bed: MpTestbed, options: { stock?: number; quantity?: number; price?: number } = {}) {
  const productId = await createProduct(bed.server.app.store, { stock: options.stock ?? 10, price: options.price ?? 1500 });
  const items = [{ productId, quantity: options.quantity ?? 2 }];
  const pref = await requestPreference(bed, { items, payer: { name: 'Ana Pérez', email: 'ana@example.com' } });
  if (pref.status !== 201) throw new Error(`preference: ${pref.status} ${pref.body.message}`);
  const sale = await bed.server.call({
    method: 'POST',
    url: '/api/payments/sale',
    token: bed.token,
    payload: { preferenceId: pref.body.data.preferenceId, customerName: 'Ana Pérez', customerEmail: 'ana@example.com', items },
  });
  if (sale.status !== 201) throw new Error(`sale: ${sale.status} ${sale.body.message}`);
  return { productId, items, preferenceId: pref.body.data.preferenceId as string, reference: pref.body.data.externalReference as string, saleId: sale.body.data.id as number };
}

/** Polls until `done()` holds (no fixed sleeps). */
export async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`eventually: condición no cumplida; último valor ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
