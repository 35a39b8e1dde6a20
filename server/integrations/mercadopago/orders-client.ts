/**
 * Mercado Pago Orders API client (in-person QR and Point; ../shared/reference/mercadopago-orders.md), used only by the
 * payments module. Same transport as client.ts: timeouts, retries of 429/5xx/timeouts/lost connections
 * ALWAYS with the same X-Idempotency-Key (so a retried create answers the same order, never a second
 * one), typed MercadoPagoError failures carrying Mercado Pago's own error code:
 * - `conflict` + code `idempotency_key_already_used` (or whatever MP answers): the key was used with
 *   another body; `conflict` on cancel/refund: the order is no longer in a state that allows it;
 * - `not_found` + `pos_not_found` / `terminal_not_found` / `order_not_found`;
 * - `rejected` + `terminal_not_in_pdv_mode`, `invalid_request`, `INVALID_EXTERNAL_ID`, `EXTERNAL_ID_TOO_LONG`,
 *   `VALIDATION_ERROR`…
 */
import { mercadoPagoRequester, type MpClientOptions } from './client';
import { MercadoPagoError } from './errors';
import type { MpOrder, MpOrderRequest, MpPos, MpPosRequest, MpStore, MpStoreRequest, MpTerminal } from './orders-types';

export interface MercadoPagoOrdersClient {
  createOrder: (body: MpOrderRequest, idempotencyKey: string) => Promise<MpOrder>;
  getOrder: (id: string) => Promise<MpOrder>;
  /** Orders of a reference created between the two dates (MP requires both). */
  searchOrders: (externalReference: string, begin: Date, end: Date) => Promise<MpOrder[]>;
  cancelOrder: (id: string, idempotencyKey: string) => Promise<MpOrder>;
  /** Total refund without `amount`; partial with the payment's amount (two decimals). */
  refundOrder: (id: string, idempotencyKey: string, partial?: { paymentId: string; amount: string }) => Promise<MpOrder>;
  me: () => Promise<{ id: number | string; nickname?: string; site_id?: string }>;
  listStores: (userId: string) => Promise<MpStore[]>;
  createStore: (userId: string, body: MpStoreRequest) => Promise<MpStore>;
  listPos: (filter: { storeId?: string; externalId?: string }) => Promise<MpPos[]>;
  createPos: (body: MpPosRequest) => Promise<MpPos>;
  listTerminals: (filter: { storeId?: string; posId?: string }) => Promise<MpTerminal[]>;
}

function order(value: MpOrder): MpOrder {
  if (!value || typeof value.id !== 'string' || typeof value.status !== 'string' || !Array.isArray(value.transactions?.payments)) {
    throw new MercadoPagoError('bad_response', 'Respuesta inválida de Mercado Pago');
  }
  return value;
}

export function createOrdersClient(options: MpClientOptions): MercadoPagoOrdersClient {
  const request = mercadoPagoRequester(options);
  const id = (s: string) => encodeURIComponent(s);
  return {
    createOrder: async (body, key) => order(await request<MpOrder>('POST', '/v1/orders', body, key)),
    getOrder: async (orderId) => order(await request<MpOrder>('GET', `/v1/orders/${id(orderId)}`)),
    searchOrders: async (externalReference, begin, end) => {
      const query = new URLSearchParams({ external_reference: externalReference, begin_date: begin.toISOString(), end_date: end.toISOString() });
      const result = await request<{ data?: MpOrder[]; results?: MpOrder[] }>('GET', `/v1/orders?${query}`);
      const list = result.data ?? result.results;
      if (!Array.isArray(list)) throw new MercadoPagoError('bad_response', 'Respuesta inválida de Mercado Pago');
      return list.map(order).filter((o) => o.external_reference === externalReference);
    },
    cancelOrder: async (orderId, key) => order(await request<MpOrder>('POST', `/v1/orders/${id(orderId)}/cancel`, undefined, key)),
    refundOrder: async (orderId, key, partial) =>
      order(await request<MpOrder>('POST', `/v1/orders/${id(orderId)}/refund`, partial ? { transactions: [{ id: partial.paymentId, amount: partial.amount }] } : {}, key)),
    me: () => request('GET', '/users/me'),
    listStores: async (userId) => (await request<{ results?: MpStore[] }>('GET', `/users/${id(userId)}/stores/search`)).results ?? [],
    createStore: (userId, body) => request('POST', `/users/${id(userId)}/stores`, body),
    listPos: async ({ storeId, externalId }) => {
      const query = new URLSearchParams();
      if (storeId) query.set('store_id', storeId);
      if (externalId) query.set('external_id', externalId);
      return (await request<{ results?: MpPos[] }>('GET', `/pos?${query}`)).results ?? [];
    },
    createPos: (body) => request('POST', '/pos', body),
    listTerminals: async ({ storeId, posId }) => {
      const query = new URLSearchParams({ limit: '50', offset: '0' });
      if (storeId) query.set('store_id', storeId);
      if (posId) query.set('pos_id', posId);
      return (await request<{ data?: { terminals?: MpTerminal[] } }>('GET', `/terminals/v1/list?${query}`)).data?.terminals ?? [];
    },
  };
}
