/**
 * The simulator's Orders API (in-person QR and Point, ../shared/reference/mercadopago-orders.md "Spec for a
 * faithful loopback simulator"), plus stores, POS (cajas) and Point terminals (orders-setup.ts) and the wallet and
 * terminal page (wallet-page.ts). Invariants:
 * - POST /v1/orders needs X-Idempotency-Key: the same key and body answer the SAME order (never a second
 *   one); the same key with another body answers the `idempotencyConflict` knob (the real code is
 *   undocumented: 409 `idempotency_key_already_used` by default).
 * - Statuses advance only by the clock (expiry; Point: at_terminal after `atTerminalAfterMs`,
 *   action_required after `actionRequiredAfterMs` at the terminal) or by a /__sim action (the
 *   customer's wallet, the terminal): never by a client call other than cancel and refund.
 * - `dropNextOrderReplies`: the next N creates (new or repeated) commit and then drop the connection (the reply is lost).
 * Knobs: POST /__sim/orders/controls. Actions: POST /__sim/orders/{id}/{pay|fail|expire|at_terminal|
 * action_required|cancel_on_terminal}. The wallet/terminal page: GET /__sim/wallet[?order=ID].
 */
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { EXTERNAL_REFERENCE_RE } from '../../../../domain/schemas/payments';
import type { MpOrder, MpOrderRequest, MpPos, MpStore, MpTerminal } from '../orders-types';
import { signatureManifest, signManifest } from '../signature';
import { setupRoutes } from './orders-setup';
import { simError as error, type OrdersRoute, type SimRequest } from './sim-request';
import { walletPageHtml } from './wallet-page';

export interface OrdersControls {
  /** The next N order creations are committed and their connection dropped (a lost reply). */
  dropNextOrderReplies: number;
  /** The next N order creations answer 500 without creating anything. */
  failNextOrders: number;
  /** The answer to a known idempotency key with another body (undocumented upstream). */
  idempotencyConflict: { status: number; code: string };
  /** Overrides every order's expiration_time (a fast clock); null keeps the requested one. */
  expireAfterMs: number | null;
  /** Point: created → at_terminal after this long (null: only by the terminal action). */
  atTerminalAfterMs: number | null;
  /** Point: at_terminal → action_required after this long (MP: 40 s). */
  actionRequiredAfterMs: number;
  /** Where order webhooks go (MP configures them in the app panel, never per order); null sends none. */
  webhookUrl: string | null;
}

interface SimOrder {
  order: MpOrder;
  createdAt: number;
  expiresAt: number;
  atTerminalAt: number | null;
}

/** The statuses the wallet page lists when no order is named. */
const OPEN = ['created', 'at_terminal', 'action_required'];
const AMOUNT = /^\d{1,12}\.\d{2}$/;
const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (c: number) => (c / 100).toFixed(2);

/** PT15M, PT1H, PT90S → ms (MP's default 15 minutes when absent or unreadable). */
export function durationMs(iso: string | undefined): number {
  const m = /^P(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)$/.exec(iso ?? '');
  if (!m || (!m[1] && !m[2] && !m[3])) return 15 * 60_000;
  return ((Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 60 + Number(m[3] ?? 0)) * 1000;
}

function orderProblem(body: MpOrderRequest | undefined): string | undefined {
  if (!body || (body.type !== 'qr' && body.type !== 'point')) return 'type must be qr or point';
  if (typeof body.external_reference !== 'string' || !EXTERNAL_REFERENCE_RE.test(body.external_reference)) return 'invalid external_reference';
  const payments = body.transactions?.payments;
  if (!Array.isArray(payments) || payments.length !== 1 || !AMOUNT.test(String(payments[0]?.amount))) return 'transactions.payments[0].amount must have two decimals';
  if (body.type === 'qr') {
    if (!AMOUNT.test(String(body.total_amount))) return 'total_amount must have two decimals';
    if (cents(body.total_amount!) !== cents(payments[0]!.amount)) return 'total_amount must equal the sum of payments';
    if (!body.config?.qr?.external_pos_id) return 'config.qr.external_pos_id required';
  }
  if (body.type === 'point' && !body.config?.point?.terminal_id) return 'config.point.terminal_id required';
  return undefined;
}

export function createOrdersApi(options: { webhookSecret: string; authorized: (req: http.IncomingMessage) => boolean; base: () => string }) {
  const controls: OrdersControls = {
    dropNextOrderReplies: 0,
    failNextOrders: 0,
    idempotencyConflict: { status: 409, code: 'idempotency_key_already_used' },
    expireAfterMs: null,
    atTerminalAfterMs: null,
    actionRequiredAfterMs: 40_000,
    webhookUrl: null,
  };
  const stores = new Map<string, MpStore>();
  const poses = new Map<string, MpPos>();
  const terminals = new Map<string, MpTerminal>();
  const orders = new Map<string, SimOrder>();
  const byKey = new Map<string, { body: string; orderId: string }>();
  const refundKeys = new Map<string, MpOrder>();
  const webhooks: { orderId: string; status: string; answered: number | null }[] = [];
  let seq = 0;
  const nextId = (prefix: string) => `${prefix}01SIM${Date.now().toString(36).toUpperCase()}${(seq += 1).toString().padStart(6, '0')}`;

  function sendWebhook(order: MpOrder): void {
    const target = controls.webhookUrl;
    if (!target) return;
    const url = new URL(target);
    url.searchParams.set('data.id', order.id);
    url.searchParams.set('type', 'order');
    const requestId = randomUUID();
    const ts = String(Math.floor(Date.now() / 1000));
    const v1 = signManifest(options.webhookSecret, signatureManifest(order.id.toLowerCase(), requestId, ts));
    const log: (typeof webhooks)[number] = { orderId: order.id, status: order.status, answered: null };
    webhooks.push(log);
    const body = { type: 'order', action: `order.${order.status}`, data: { id: order.id, external_reference: order.external_reference, status: order.status } };
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId }, body: JSON.stringify(body) })
      .then((r) => (log.answered = r.status))
      .catch(() => (log.answered = 0));
  }

  function setStatus(sim: SimOrder, status: string, detail = status): MpOrder {
    const { order } = sim;
    order.status = status;
    order.status_detail = detail;
    order.last_updated_date = new Date().toISOString();
    for (const p of order.transactions.payments) {
      p.status = status === 'processed' ? 'processed' : status;
      p.status_detail = detail;
    }
    sendWebhook(order);
    return order;
  }

  /** The clock's moves, applied whenever an order is read. */
  function advance(sim: SimOrder): MpOrder {
    const now = Date.now();
    const { order } = sim;
    if (order.type === 'point' && order.status === 'created' && controls.atTerminalAfterMs !== null && now - sim.createdAt >= controls.atTerminalAfterMs) {
      sim.atTerminalAt = sim.createdAt + controls.atTerminalAfterMs;
      setStatus(sim, 'at_terminal');
    }
    if (order.type === 'point' && order.status === 'at_terminal' && sim.atTerminalAt !== null && now - sim.atTerminalAt >= controls.actionRequiredAfterMs) {
      setStatus(sim, 'action_required', 'check_on_terminal');
    }
    if (['created', 'at_terminal', 'action_required'].includes(order.status) && now >= sim.expiresAt) setStatus(sim, 'expired');
    return order;
  }

  function pay(sim: SimOrder, amount?: string): MpOrder {
    const { order } = sim;
    const payment = order.transactions.payments[0]!;
    payment.paid_amount = amount ?? payment.amount;
    order.total_paid_amount = amount ?? order.total_amount;
    return setStatus(sim, 'processed', 'accredited');
  }

  /** Simulator actions: the customer's wallet and the terminal. Returns an error text when not allowed. */
  function act(id: string, action: string, amount?: string): MpOrder | string {
    const sim = orders.get(id);
    if (!sim) return 'order not found';
    const status = advance(sim).status;
    const open = ['created', 'at_terminal', 'action_required'].includes(status);
    switch (action) {
      case 'pay':
        // A wallet can pay after the order was cancelled or expired here: the late approval the server must flag.
        return status === 'processed' || status === 'refunded' ? `order is ${status}` : pay(sim, amount);
      case 'fail':
        return open ? setStatus(sim, 'failed', 'rejected_by_issuer') : `order is ${status}`;
      case 'expire':
        return open ? setStatus(sim, 'expired') : `order is ${status}`;
      case 'at_terminal':
        if (sim.order.type !== 'point' || status !== 'created') return `order is ${status}`;
        sim.atTerminalAt = Date.now();
        return setStatus(sim, 'at_terminal');
      case 'action_required':
        return open ? setStatus(sim, 'action_required', 'check_on_terminal') : `order is ${status}`;
      case 'cancel_on_terminal':
        return sim.order.type === 'point' && open ? setStatus(sim, 'canceled', 'canceled_on_terminal') : `order is ${status}`;
      default:
        return 'unknown action';
    }
  }

  const walletPage = (id: string | null) =>
    walletPageHtml(id ? [orders.get(id)].filter((sim) => sim !== undefined).map(advance) : [...orders.values()].map(advance).filter((o) => OPEN.includes(o.status)));

  /** The order exists either way; its reply may be lost (the connection dropped). */
  const dropOrReply = (r: SimRequest, order: MpOrder) => {
    if (controls.dropNextOrderReplies > 0) {
      controls.dropNextOrderReplies -= 1;
      r.res.destroy();
      return;
    }
    r.reply(201, order);
  };
  const authed = (r: SimRequest) => {
    if (options.authorized(r.req)) return true;
    r.reply(401, error('unauthorized', 'invalid access token'));
    return false;
  };
  const parse = <T>(r: SimRequest): T | undefined => {
    try {
      return JSON.parse(r.raw || '{}') as T;
    } catch {
      r.reply(400, error('bad_request', 'invalid json'));
      return undefined;
    }
  };

  const routes: OrdersRoute[] = [
    ...setupRoutes({ stores, poses, terminals, authed, parse, base: options.base }),
    [
      'POST',
      /^\/v1\/orders$/,
      (r) => {
        if (!authed(r)) return;
        const key = r.req.headers['x-idempotency-key'];
        if (typeof key !== 'string' || !key) return r.reply(400, error('idempotency_key_required', 'X-Idempotency-Key header is required'));
        const known = byKey.get(key);
        if (known) {
          if (known.body !== r.raw) return r.reply(controls.idempotencyConflict.status, error(controls.idempotencyConflict.code, 'idempotency key already used with another request'));
          return dropOrReply(r, advance(orders.get(known.orderId)!));
        }
        if (controls.failNextOrders > 0) {
          controls.failNextOrders -= 1;
          return r.reply(500, error('internal_error', 'internal error'));
        }
        const body = parse<MpOrderRequest>(r);
        if (!body) return;
        const problem = orderProblem(body);
        if (problem) return r.reply(400, error('invalid_request', problem));
        if (body.type === 'qr' && ![...poses.values()].some((p) => p.external_id === body.config.qr!.external_pos_id)) return r.reply(404, error('pos_not_found', 'external_pos_id not found'));
        if (body.type === 'point') {
          const terminal = terminals.get(body.config.point!.terminal_id);
          if (!terminal) return r.reply(404, error('terminal_not_found', 'terminal not found'));
          if (terminal.operating_mode !== 'PDV') return r.reply(400, error('terminal_not_in_pdv_mode', 'the terminal is not in PDV mode'));
        }
        const id = nextId('ORD');
        const amount = body.transactions.payments[0]!.amount;
        const now = Date.now();
        const order: MpOrder = {
          id,
          type: body.type,
          status: 'created',
          status_detail: 'created',
          external_reference: body.external_reference,
          total_amount: body.total_amount ?? amount,
          created_date: new Date(now).toISOString(),
          last_updated_date: new Date(now).toISOString(),
          expiration_time: body.expiration_time,
          config: body.config,
          transactions: { payments: [{ id: nextId('PAY'), amount, status: 'created', status_detail: 'created' }] },
          ...(body.type === 'qr' && body.config.qr?.mode !== 'static' ? { type_response: { qr_data: `00020101021243650016com.mercadolibre0201306${id}5204970053030325802AR5913TIENDA SIMULADA6304ABCD` } } : {}),
        };
        orders.set(id, { order, createdAt: now, expiresAt: now + (controls.expireAfterMs ?? durationMs(body.expiration_time)), atTerminalAt: null });
        byKey.set(key, { body: r.raw, orderId: id });
        dropOrReply(r, order);
      },
    ],
    [
      'GET',
      /^\/v1\/orders$/,
      (r) => {
        if (!authed(r)) return;
        const q = r.url.searchParams;
        const begin = Date.parse(q.get('begin_date') ?? '');
        const end = Date.parse(q.get('end_date') ?? '');
        if (Number.isNaN(begin) || Number.isNaN(end)) return r.reply(400, error('invalid_request', 'begin_date and end_date are required'));
        const reference = q.get('external_reference');
        const data = [...orders.values()]
          .filter((s) => s.createdAt >= begin && s.createdAt <= end && (!reference || s.order.external_reference === reference))
          .map((s) => advance(s));
        r.reply(200, { data, paging: { total: data.length, offset: 0, limit: 50 } });
      },
    ],
    [
      'GET',
      /^\/v1\/orders\/([^/]+)$/,
      (r) => {
        if (!authed(r)) return;
        const sim = orders.get(r.params[0]!);
        return sim ? r.reply(200, advance(sim)) : r.reply(404, error('order_not_found', 'order not found'));
      },
    ],
    [
      'POST',
      /^\/v1\/orders\/([^/]+)\/cancel$/,
      (r) => {
        if (!authed(r)) return;
        const sim = orders.get(r.params[0]!);
        if (!sim) return r.reply(404, error('order_not_found', 'order not found'));
        const status = advance(sim).status;
        if (status === 'canceled') return r.reply(200, sim.order);
        if (status !== 'created') return r.reply(409, error('cannot_cancel_order', `order is ${status}`));
        r.reply(200, setStatus(sim, 'canceled', 'canceled_by_api'));
      },
    ],
    [
      'POST',
      /^\/v1\/orders\/([^/]+)\/refund$/,
      (r) => {
        if (!authed(r)) return;
        const key = r.req.headers['x-idempotency-key'];
        if (typeof key !== 'string' || !key) return r.reply(400, error('idempotency_key_required', 'X-Idempotency-Key header is required'));
        const repeated = refundKeys.get(key);
        if (repeated) return r.reply(201, repeated);
        const sim = orders.get(r.params[0]!);
        if (!sim) return r.reply(404, error('order_not_found', 'order not found'));
        const { order } = sim;
        if (order.status !== 'processed') return r.reply(409, error('cannot_refund_order', `order is ${order.status}`));
        const body = parse<{ transactions?: { id: string; amount: string }[] }>(r);
        if (!body) return;
        const payment = order.transactions.payments[0]!;
        const paid = cents(payment.paid_amount ?? payment.amount);
        const already = (order.transactions.refunds ?? []).reduce((n, x) => n + cents(x.amount), 0);
        const asked = body.transactions?.length ? body.transactions : [{ id: payment.id, amount: money(paid - already) }];
        for (const t of asked) {
          if (t.id !== payment.id) return r.reply(400, error('invalid_transaction', 'unknown transaction id'));
          if (!AMOUNT.test(String(t.amount)) || cents(t.amount) <= 0 || cents(t.amount) + already > paid) return r.reply(400, error('invalid_amount', 'refund exceeds the paid amount'));
        }
        const refunds = (order.transactions.refunds ??= []);
        for (const t of asked) refunds.push({ id: nextId('REF'), amount: t.amount, transaction_id: t.id });
        const total = refunds.reduce((n, x) => n + cents(x.amount), 0);
        if (total >= paid) setStatus(sim, 'refunded');
        else {
          order.status_detail = 'partially_refunded';
          sendWebhook(order);
        }
        refundKeys.set(key, order);
        r.reply(201, order);
      },
    ],
    [
      'POST',
      /^\/__sim\/orders\/controls$/,
      (r) => {
        const body = parse<Partial<OrdersControls>>(r);
        if (!body) return;
        Object.assign(controls, body);
        r.reply(200, controls);
      },
    ],
    ['GET', /^\/__sim\/orders$/, (r) => r.reply(200, [...orders.values()].map((s) => advance(s)))],
    ['GET', /^\/__sim\/orders\/webhooks$/, (r) => r.reply(200, webhooks)],
    [
      'POST',
      /^\/__sim\/orders\/([^/]+)\/([a-z_]+)$/,
      (r) => {
        const body = parse<{ amount?: string }>(r);
        if (!body) return;
        const result = act(r.params[0]!, r.params[1]!, body.amount);
        return typeof result === 'string' ? r.reply(409, error('not_allowed', result)) : r.reply(200, result);
      },
    ],
    [
      'GET',
      /^\/__sim\/wallet$/,
      (r) => void r.res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(walletPage(r.url.searchParams.get('order'))),
    ],
    [
      'POST',
      /^\/__sim\/wallet$/,
      (r) => {
        const form = new URLSearchParams(r.raw);
        const id = form.get('order') ?? '';
        act(id, form.get('action') ?? '');
        r.res.writeHead(303, { location: `/__sim/wallet?order=${encodeURIComponent(id)}` }).end();
      },
    ],
  ];

  return {
    routes,
    controls,
    webhooks,
    /** Server tests: what the wallet or the terminal does, without the page. */
    act,
    orders: () => [...orders.values()].map((s) => advance(s)),
    terminals: () => [...terminals.values()],
    /** Server tests: a terminal switched to another mode (the PDV ↔ STANDALONE change). */
    setTerminalMode: (id: string, mode: MpTerminal['operating_mode']) => {
      const t = terminals.get(id);
      if (t) t.operating_mode = mode;
    },
  };
}
