/**
 * Mercado Pago simulator: a loopback HTTP server speaking the JSON of the real API (the routes Mostrador
 * uses) and serving a hosted checkout that redirects back like the real one.
 *   POST /checkout/preferences      (Bearer token; X-Idempotency-Key: same key → same preference)
 *   GET  /checkout/v1/redirect?pref_id=   the checkout page ("Mercado Pago simulado")
 *   POST /checkout/v1/pay           the buyer's choice → a payment, notifications, 302 to back_urls
 *   GET  /v1/payments/{id}, GET /v1/payments/search?external_reference=
 * Test controls (loopback only, never in the real API): POST /__sim/controls {mode, repeat, hold,
 * failNextPreferences}, POST /__sim/flush {reverse}, POST /__sim/payments/{id}/status {status,
 * status_detail}, GET /__sim/requests.
 * The Orders API (in-person QR and Point), stores, POS and terminals, with their knobs and the wallet /
 * terminal page, live in orders.ts and are matched after this table.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXTERNAL_REFERENCE_RE } from '../../../../domain/schemas/payments';
import type { MpPayment, MpPreferenceRequest } from '../types';
import { checkoutPage } from './checkout-page';
import { createNotifier, type WebhookMode } from './notifier';
import { createOrdersApi } from './orders';

export interface SimulatorOptions {
  webhookSecret: string;
  /** When set, requests must carry exactly this Bearer token. */
  accessToken?: string;
  port?: number;
}

interface StoredPreference {
  id: string;
  request: MpPreferenceRequest;
  response: Record<string, unknown>;
}

export interface RecordedPreferenceRequest {
  idempotencyKey: string | undefined;
  body: MpPreferenceRequest;
}

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void | Promise<void>;

const STATUS_DETAIL: Record<string, string> = {
  approved: 'accredited',
  rejected: 'cc_rejected_insufficient_amount',
  pending: 'pending_waiting_payment',
  in_process: 'pending_contingency',
  cancelled: 'expired',
  refunded: 'refunded',
  charged_back: 'settled',
  in_mediation: 'in_mediation',
};

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function preferenceProblem(body: MpPreferenceRequest | undefined): string | undefined {
  if (!body || !Array.isArray(body.items) || !body.items.length) return 'items required';
  for (const item of body.items) {
    if (!(typeof item.unit_price === 'number' && item.unit_price > 0) || !Number.isInteger(item.quantity) || item.quantity < 1) return 'invalid item';
    if (item.currency_id !== 'ARS') return 'invalid currency_id';
  }
  if (typeof body.external_reference !== 'string' || !EXTERNAL_REFERENCE_RE.test(body.external_reference)) return 'invalid external_reference';
  if (body.auto_return && !body.back_urls?.success) return 'invalid_auto_return';
  if (!body.payer?.email) return 'payer.email required';
  return undefined;
}

export async function startMercadoPagoSimulator(options: SimulatorOptions) {
  const preferences = new Map<string, StoredPreference>();
  const byKey = new Map<string, string>();
  const payments = new Map<string, MpPayment & { preference_id: string }>();
  const requests: RecordedPreferenceRequest[] = [];
  const notifier = createNotifier(options.webhookSecret);
  let failNextPreferences = 0;
  let nextPaymentId = 1_000_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
  let base = '';

  function setStatus(id: string, status: string, detail?: string) {
    const payment = payments.get(id);
    if (!payment) return undefined;
    payment.status = status;
    payment.status_detail = detail ?? STATUS_DETAIL[status] ?? status;
    notifier.paymentChanged(preferences.get(payment.preference_id)?.request.notification_url, id);
    return payment;
  }

  /** A payment of the preference; `amount` overrides what it charges (a payment that does not match the sale). */
  function pay(preferenceId: string, outcome: string, amount?: number) {
    const preference = preferences.get(preferenceId);
    if (!preference) return undefined;
    const id = String((nextPaymentId += 7));
    const total = preference.request.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0);
    payments.set(id, {
      id: Number(id),
      status: 'pending',
      status_detail: STATUS_DETAIL.pending,
      external_reference: preference.request.external_reference,
      transaction_amount: amount ?? Math.round(total * 100) / 100,
      date_created: new Date().toISOString(),
      preference_id: preferenceId,
    });
    return setStatus(id, outcome);
  }

  const authorized = (req: http.IncomingMessage) => {
    const header = req.headers.authorization ?? '';
    return header.startsWith('Bearer ') && header.length > 7 && (!options.accessToken || header === `Bearer ${options.accessToken}`);
  };
  const ordersApi = createOrdersApi({ webhookSecret: options.webhookSecret, authorized, base: () => base });

  const routes: Record<string, Handler> = {
    'POST /checkout/preferences': (req, _url, raw, res) => {
      if (!authorized(req)) return json(res, 401, { message: 'invalid access token', error: 'unauthorized', status: 401 });
      let body: MpPreferenceRequest | undefined;
      try {
        body = JSON.parse(raw) as MpPreferenceRequest;
      } catch {
        return json(res, 400, { message: 'invalid json', status: 400 });
      }
      const key = req.headers['x-idempotency-key'] as string | undefined;
      requests.push({ idempotencyKey: key, body });
      const problem = preferenceProblem(body);
      if (problem) return json(res, 400, { message: problem, error: 'bad_request', status: 400 });
      const known = key ? byKey.get(key) : undefined;
      const stored = known ? preferences.get(known)! : undefined;
      const preference = stored ?? { id: `${1000 + preferences.size}-${randomUUID()}`, request: body, response: {} };
      if (!stored) {
        const redirect = `${base}/checkout/v1/redirect?pref_id=${encodeURIComponent(preference.id)}`;
        preference.response = { ...body, id: preference.id, init_point: redirect, sandbox_init_point: `${redirect}&sandbox=1`, date_created: new Date().toISOString(), collector_id: 1 };
        preferences.set(preference.id, preference);
        if (key) byKey.set(key, preference.id);
      }
      // A lost reply: the preference exists, the caller sees a 500 and must retry with the same key.
      if (failNextPreferences > 0) {
        failNextPreferences -= 1;
        return json(res, 500, { message: 'internal_error', status: 500 });
      }
      return json(res, 201, preference.response);
    },
    'GET /checkout/v1/redirect': (_req, url, _raw, res) => {
      const preference = preferences.get(url.searchParams.get('pref_id') ?? '');
      if (!preference) return void res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Preferencia inexistente');
      const expired = Boolean(preference.request.expires && Date.parse(preference.request.expiration_date_to) < Date.now());
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage(preference.id, preference.request, expired));
    },
    'POST /checkout/v1/pay': (_req, _url, raw, res) => {
      const form = new URLSearchParams(raw);
      const preferenceId = form.get('pref_id') ?? '';
      const outcome = form.get('outcome') ?? '';
      const preference = preferences.get(preferenceId);
      if (!preference || !['approved', 'rejected', 'pending'].includes(outcome)) return json(res, 400, { message: 'invalid payment', status: 400 });
      const payment = pay(preferenceId, outcome)!;
      const urls = preference.request.back_urls;
      const target = outcome === 'approved' ? urls.success : outcome === 'rejected' ? urls.failure : urls.pending;
      const back = new URL(target);
      const id = String(payment.id);
      const query: Record<string, string> = {
        collection_id: id,
        collection_status: payment.status,
        payment_id: id,
        status: payment.status,
        external_reference: preference.request.external_reference,
        payment_type: 'credit_card',
        merchant_order_id: String(Number(id) + 1),
        preference_id: preferenceId,
        site_id: 'MLA',
        processing_mode: 'aggregator',
        merchant_account_id: 'null',
      };
      for (const [k, v] of Object.entries(query)) back.searchParams.set(k, v);
      res.writeHead(302, { location: back.href }).end();
    },
    'GET /v1/payments/search': (req, url, _raw, res) => {
      if (!authorized(req)) return json(res, 401, { message: 'invalid access token', status: 401 });
      const reference = url.searchParams.get('external_reference');
      const results = [...payments.values()]
        .filter((p) => !reference || p.external_reference === reference)
        .sort((a, b) => (url.searchParams.get('criteria') === 'asc' ? 1 : -1) * String(a.date_created).localeCompare(String(b.date_created)) || (b.id as number) - (a.id as number));
      json(res, 200, { paging: { total: results.length, limit: 30, offset: 0 }, results });
    },
    'GET /v1/payments/:id': (req, url, _raw, res) => {
      if (!authorized(req)) return json(res, 401, { message: 'invalid access token', status: 401 });
      const payment = payments.get(url.pathname.split('/')[3] ?? '');
      if (!payment) return json(res, 404, { message: 'Payment not found', error: 'not_found', status: 404 });
      json(res, 200, payment);
    },
    'POST /__sim/controls': (_req, _url, raw, res) => {
      const body = JSON.parse(raw || '{}') as { mode?: WebhookMode; repeat?: number; hold?: boolean; failNextPreferences?: number };
      if (body.mode) notifier.controls.mode = body.mode;
      if (body.repeat !== undefined) notifier.controls.repeat = body.repeat;
      if (body.hold !== undefined) notifier.controls.hold = body.hold;
      if (body.failNextPreferences !== undefined) failNextPreferences = body.failNextPreferences;
      json(res, 200, { ...notifier.controls, failNextPreferences });
    },
    'POST /__sim/flush': (_req, _url, raw, res) => json(res, 200, { sent: notifier.flush(Boolean(JSON.parse(raw || '{}').reverse)) }),
    'POST /__sim/payments/:id/status': (_req, url, raw, res) => {
      const body = JSON.parse(raw || '{}') as { status?: string; status_detail?: string };
      const payment = body.status ? setStatus(url.pathname.split('/')[3] ?? '', body.status, body.status_detail) : undefined;
      return payment ? json(res, 200, payment) : json(res, 404, { message: 'Payment not found' });
    },
    'GET /__sim/requests': (_req, _url, _raw, res) => json(res, 200, requests),
  };

  function route(method: string, pathname: string): Handler | undefined {
    const exact = routes[`${method} ${pathname}`];
    if (exact) return exact;
    if (method === 'GET' && /^\/v1\/payments\/[^/]+$/.test(pathname)) return routes['GET /v1/payments/:id'];
    if (method === 'POST' && /^\/__sim\/payments\/[^/]+\/status$/.test(pathname)) return routes['POST /__sim/payments/:id/status'];
    return undefined;
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    const handler = route(req.method ?? 'GET', url.pathname);
    if (!handler) {
      for (const [method, pattern, run] of ordersApi.routes) {
        const match = method === req.method ? pattern.exec(url.pathname) : null;
        if (!match) continue;
        return void readBody(req)
          .then((raw) => run({ req, res, url, raw, params: match.slice(1).map(decodeURIComponent), reply: (status, body) => json(res, status, body) }))
          .catch(() => {
            if (!res.headersSent) json(res, 400, { message: 'bad_request', status: 400 });
          });
      }
      return json(res, 404, { message: 'not_found', status: 404 });
    }
    readBody(req)
      .then((raw) => handler(req, url, raw, res))
      .catch(() => {
        if (!res.headersSent) json(res, 400, { message: 'bad_request', status: 400 });
      });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    controls: notifier.controls,
    deliveries: notifier.deliveries,
    flush: notifier.flush,
    /** Resolves when every notification sent so far has been answered. */
    notificationsSettled: notifier.settled,
    setFailNextPreferences: (n: number) => {
      failNextPreferences = n;
    },
    /** The buyer pays a preference without the page (server tests). */
    pay: (preferenceId: string, outcome: 'approved' | 'rejected' | 'pending', amount?: number) => pay(preferenceId, outcome, amount),
    setPaymentStatus: setStatus,
    /** The Orders API's state, knobs and the wallet / terminal actions. */
    orders: ordersApi,
    close: async () => {
      await notifier.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type MercadoPagoSimulator = Awaited<ReturnType<typeof startMercadoPagoSimulator>>;
