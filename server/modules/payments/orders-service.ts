/**
 * Cobrar en el mostrador with Mercado Pago's Orders API (issue #34 items 1–3; README "Cobrar en el mostrador").
 * Invariants:
 * - An attempt is recorded (its X-Idempotency-Key, external_reference, the pendiente sale with its stock
 *   taken through the ledger) in ONE write unit BEFORE the order is requested; the call runs with no unit
 *   open; its answer is stored in another unit. Every retry (the counter again, the poller after a lost
 *   reply or a crash) sends the same key and the same body, so an attempt never makes a second order.
 * - An attempt whose order id is unknown is first searched by external_reference, then re-requested with
 *   its key; one with no order after its expiry (plus a grace) is expired locally.
 * - The sale becomes pagado only when Mercado Pago's API says `processed` (the poller, or a signed
 *   webhook that names the order, which is then fetched): never on the browser's word.
 * - The Point terminal and the QR caja come from the device's configured counter, never from the browser.
 */
import { randomUUID } from 'node:crypto';
import { fromCents, toCents } from '../../../domain/money';
import type { OrderAttemptBody, OrderAttemptJson } from '../../../domain/schemas/payment-orders';
import { AppError, conflict, notFound } from '../../http/errors';
import { MercadoPagoError } from '../../integrations/mercadopago/errors';
import { createOrdersClient, type MercadoPagoOrdersClient } from '../../integrations/mercadopago/orders-client';
import type { MpOrder, MpOrderRequest } from '../../integrations/mercadopago/orders-types';
import { salesDurable } from '../sales/durability';
import { writeSaleToLedger, type SaleDraft } from '../sales/ledger-write';
import { FINAL_STATUSES, ordersRepository, type OrderAttemptRow, type OrderUpdate } from './orders-repository';
import { priceCartOn, providerFailure, type PaymentsContext } from './service';

/** A creating attempt with no order found this long after its expiry is given up. */
const CREATE_GRACE_MS = 2 * 60_000;
/** A charge the cashier left offline that Mercado Pago was paid for meanwhile (orders-service leave). */
export const LEFT_PAID_NOTE =
  'Mercado Pago acreditó este pago, pero el cajero había dejado el cobro sin conexión para cobrar con otro medio: revisá si el cliente pagó dos veces y devolvé el pago si corresponde.';

/** What the cashier sees for each status (Spanish, with what to do). */
export function attemptMessage(kind: string, status: string, detail: string | null): string {
  switch (status) {
    case 'creating':
      return 'Pidiendo el cobro a Mercado Pago…';
    case 'created':
      return kind === 'qr' ? 'Mostrale el QR al cliente para que lo escanee con su billetera.' : 'Enviando el cobro al terminal Point…';
    case 'at_terminal':
      return 'El cobro está en el terminal: el cliente puede acercar o insertar la tarjeta.';
    case 'processing':
      return 'Mercado Pago está procesando el pago…';
    case 'action_required':
      return 'Revisá el terminal: el pago lleva más de 40 segundos. Si el terminal muestra un error, cancelá en el Point y cobrá de nuevo.';
    case 'processed':
      return 'Pago aprobado.';
    case 'failed':
      return 'El pago fue rechazado en el terminal. Pedile al cliente otra tarjeta u otro medio de pago.';
    case 'canceled':
      return detail === 'canceled_on_terminal' ? 'El cobro se canceló en el terminal. Podés cobrar de nuevo o con otro medio.' : 'Cobro cancelado. Podés cobrar con otro medio.';
    case 'expired':
      return 'El cobro venció sin pagarse. Volvé a cobrar o elegí otro medio.';
    case 'refunded':
      return 'El pago se devolvió al cliente.';
    case 'error':
      return detail ?? 'Mercado Pago rechazó el cobro. Elegí otro medio de pago.';
    default:
      return 'Esperando a Mercado Pago…';
  }
}

function paidCents(order: MpOrder): number | null {
  const paid = order.total_paid_amount ?? order.transactions.payments[0]?.paid_amount;
  if (paid !== undefined) return toCents(Number(paid));
  return order.status === 'processed' ? toCents(Number(order.total_amount)) : null;
}

function update(order: MpOrder): OrderUpdate {
  return { orderId: order.id, status: order.status, statusDetail: order.status_detail ?? null, qrData: order.type_response?.qr_data ?? null, paidCents: paidCents(order) };
}

/** The order's body, built from the attempt alone: a retry sends exactly the same bytes. */
export function orderRequest(row: OrderAttemptRow, orderMinutes: number): MpOrderRequest {
  const amount = fromCents(row.amountCents).toFixed(2);
  const base = { external_reference: row.externalReference, expiration_time: `PT${orderMinutes}M`, transactions: { payments: [{ amount }] } };
  if (row.kind === 'point') {
    return { type: 'point', ...base, config: { point: { terminal_id: row.terminalId!, print_on_terminal: 'no_ticket' } } };
  }
  return { type: 'qr', total_amount: amount, description: `Venta ${row.externalReference}`, ...base, config: { qr: { external_pos_id: row.externalPosId!, mode: 'dynamic' } } };
}

const unreachable = (error: unknown) => error instanceof MercadoPagoError && ['timeout', 'network', 'unavailable'].includes(error.kind);

export function createOrdersService(ctx: PaymentsContext) {
  const inFlight = new Map<number, Promise<OrderAttemptRow | undefined>>();

  async function client(): Promise<MercadoPagoOrdersClient> {
    const runtime = await ctx.runtime();
    if (!runtime.configured || !runtime.accessToken) throw new AppError(409, 'Mercado Pago no está configurado: pedile al administrador que cargue las credenciales.');
    return createOrdersClient({ apiUrl: runtime.apiUrl, accessToken: runtime.accessToken, timeoutMs: ctx.env.timeoutMs });
  }

  /** Asks for the attempt's order (same key, same body); stores it; a refusal closes the attempt. */
  async function requestOrder(row: OrderAttemptRow): Promise<OrderAttemptRow | undefined> {
    const api = await client();
    try {
      const order = await api.createOrder(orderRequest(row, ctx.env.orderMinutes), row.idempotencyKey);
      return ordersRepository.applyOrder(ctx.store, row.id, update(order));
    } catch (error) {
      if (unreachable(error)) throw error; // stays creating: the poller searches and retries with the same key
      const reason = error instanceof MercadoPagoError ? refusal(error) : 'Mercado Pago rechazó el cobro.';
      return ordersRepository.close(ctx.store, row.id, 'error', reason);
    }
  }

  function refusal(error: MercadoPagoError): string {
    if (error.code === 'pos_not_found') return 'Mercado Pago no encuentra la caja de este dispositivo: revisá Configuración → Dispositivos → Mercado Pago.';
    if (error.code === 'terminal_not_found') return 'Mercado Pago no encuentra el terminal Point de esta caja: revisá Configuración → Dispositivos → Mercado Pago.';
    if (error.code === 'terminal_not_in_pdv_mode') return 'El terminal Point no está en modo integrado (PDV): cambialo y reinicialo, o cobrá con el Point en modo independiente y registrá la venta como tarjeta.';
    if (error.kind === 'auth') return 'Mercado Pago rechazó las credenciales: pedile al administrador que las revise.';
    return `Mercado Pago rechazó el cobro: ${error.message}`;
  }

  /** One look at an attempt: its order by id, or (id lost) by external_reference, else asked again with its key. */
  async function check(row: OrderAttemptRow): Promise<OrderAttemptRow | undefined> {
    const api = await client();
    let result: OrderAttemptRow | undefined;
    if (row.orderId) {
      result = await ordersRepository.applyOrder(ctx.store, row.id, update(await api.getOrder(row.orderId)));
    } else {
      const since = new Date(Date.parse(row.createdAt) - 24 * 3_600_000);
      const found = await api.searchOrders(row.externalReference, since, new Date(Date.now() + 60_000));
      if (found.length) result = await ordersRepository.applyOrder(ctx.store, row.id, update(found[0]!));
      else if (Date.parse(row.expiresAt) + CREATE_GRACE_MS < Date.now()) result = await ordersRepository.close(ctx.store, row.id, 'expired', null);
      else if (!row.closedAt) result = await requestOrder(row);
    }
    await ctx.store.write((tx) => ordersRepository.markChecked(tx, row.id));
    return result;
  }

  /** Coalesced: one check of an attempt at a time. */
  function refresh(row: OrderAttemptRow): Promise<OrderAttemptRow | undefined> {
    const running = inFlight.get(row.id);
    if (running) return running;
    const run = check(row).finally(() => inFlight.delete(row.id));
    inFlight.set(row.id, run);
    return run;
  }

  async function view(row: OrderAttemptRow): Promise<OrderAttemptJson> {
    const sale = await ctx.store.read((q) => ordersRepository.saleStatus(q, row.saleId));
    const status = row.status;
    return {
      id: row.id,
      saleId: row.saleId,
      saleNumber: sale?.saleNumber ?? null,
      kind: row.kind as OrderAttemptJson['kind'],
      status,
      statusDetail: row.statusDetail,
      salePaymentStatus: sale?.paymentStatus ?? 'pendiente',
      message: attemptMessage(row.kind, status, row.statusDetail),
      done: sale?.paymentStatus !== 'pendiente' || FINAL_STATUSES.includes(status) || row.closedAt !== null,
      qrData: row.qrData,
      amount: fromCents(row.amountCents),
      expiresAt: row.expiresAt,
      needsReview: Boolean(sale?.flagPaymentReview),
      reviewReason: row.reviewReason,
    };
  }

  return {
    refresh,
    view,

    /** The counter charges a cart by QR or Point (see the header). A repeated attemptId answers the same attempt. */
    async create(body: OrderAttemptBody, userId: number, deviceId: string): Promise<{ created: boolean; attempt: OrderAttemptJson }> {
      await client();
      const counter = await ctx.store.read((q) => ordersRepository.counter(q, deviceId));
      if (!counter) throw conflict('Este dispositivo no tiene una caja de Mercado Pago: pedile al administrador que la configure en Configuración → Dispositivos → Mercado Pago.');
      if (body.kind === 'point' && !counter.terminalId) throw conflict('Esta caja no tiene un terminal Point asignado: configuralo en Configuración → Dispositivos → Mercado Pago.');
      const externalReference = `MOS-${body.attemptId}`;
      const inserted = await ctx.store
        .write(async (tx) => {
          const known = await ordersRepository.byReference(tx, externalReference);
          if (known) return { row: known, created: false };
          const priced = await priceCartOn(tx, body.items, toCents(body.discount));
          const idempotencyKey = randomUUID();
          const draft: SaleDraft = {
            clientSaleId: idempotencyKey,
            deviceId: null,
            deviceSeq: null,
            sellerId: userId,
            saleDate: new Date().toISOString(),
            items: body.items,
            discountCents: toCents(body.discount),
            paymentMethod: 'mercadopago',
            paymentStatus: 'pendiente',
            customerName: body.customerName,
            customerDocument: body.customerDocument,
            customerEmail: null,
            notes: body.notes,
            externalReference,
          };
          const written = await writeSaleToLedger(tx, ctx, draft, 'online');
          const row = await ordersRepository.insert(tx, {
            saleId: written.saleId,
            kind: body.kind,
            idempotencyKey,
            externalReference,
            amountCents: priced.totals.totalCents,
            deviceId,
            externalPosId: counter.externalPosId,
            terminalId: body.kind === 'point' ? counter.terminalId : null,
            userId,
            expiresAt: new Date(Date.now() + ctx.env.orderMinutes * 60_000).toISOString(),
          });
          return { row, created: true };
        })
        .catch(async (error: unknown) => {
          // Two requests with one attemptId at once (PostgreSQL): the loser finds the winner's row.
          const known = await ctx.store.read((q) => ordersRepository.byReference(q, externalReference));
          if (known) return { row: known, created: false };
          throw error;
        });
      if (inserted.created) await salesDurable(ctx.store);
      let row = inserted.row;
      if (row.status === 'creating' && !row.closedAt) {
        try {
          row = (await requestOrder(row)) ?? row;
        } catch (error) {
          if (!unreachable(error)) throw providerFailure(error, 'No se pudo pedir el cobro a Mercado Pago');
          // Unreachable: the attempt stays creating, the poller keeps asking with the same key.
        }
      }
      return { created: inserted.created, attempt: await view(row) };
    },

    /** Only the device that started the attempt reads or cancels it (another one is told it does not exist). */
    async status(id: number, deviceId: string): Promise<OrderAttemptJson> {
      const row = await ctx.store.read((q) => ordersRepository.byId(q, id));
      if (!row || row.deviceId !== deviceId) throw notFound('No existe ese cobro');
      return view(row);
    },

    /**
     * The cashier cancels (or switches method): the order is cancelled at Mercado Pago when it still can be,
     * and the attempt is closed (the sale cancelled, its stock back). A Point order already at the terminal
     * must be cancelled on the terminal; an order that was paid meanwhile is answered as paid.
     */
    async cancel(id: number, deviceId: string): Promise<OrderAttemptJson> {
      let row = await ctx.store.read((q) => ordersRepository.byId(q, id));
      if (!row || row.deviceId !== deviceId) throw notFound('No existe ese cobro');
      if (row.closedAt || FINAL_STATUSES.includes(row.status)) return view(row);
      const orderId = row.orderId;
      if (orderId) {
        const api = await client();
        try {
          row = (await ordersRepository.applyOrder(ctx.store, row.id, update(await api.cancelOrder(orderId, `${row.idempotencyKey}-cancel`)))) ?? row;
        } catch (error) {
          if (!(error instanceof MercadoPagoError) || error.kind !== 'conflict') throw providerFailure(error, 'No se pudo cancelar el cobro');
          row = (await ordersRepository.applyOrder(ctx.store, row.id, update(await api.getOrder(orderId)))) ?? row;
          if (row.status === 'at_terminal' || row.status === 'action_required') {
            throw conflict('El cobro ya está en el terminal: cancelalo en el Point y después elegí otro medio.');
          }
        }
      }
      // Closed here too when Mercado Pago never answered (id unknown): a later `processed` is flagged, not lost.
      if (row.status !== 'processed') row = (await ordersRepository.close(ctx.store, row.id)) ?? row;
      return view(row);
    },

    /**
     * The cashier left the charge while this server could not be reached and charged another way; the
     * device sends this once the server is back. Cancelled like `cancel`; an order paid meanwhile keeps its
     * sale pagado (the money came) and flags it: the customer may have paid twice.
     */
    async leave(id: number, deviceId: string): Promise<OrderAttemptJson> {
      const attempt = await this.cancel(id, deviceId);
      if (attempt.status !== 'processed') return attempt;
      const row = await ordersRepository.flagPaid(ctx.store, id, LEFT_PAID_NOTE);
      return row ? view(row) : attempt;
    },

    /** A signed webhook named an order: fetched from the API, applied when it is one of ours. */
    async notification(orderId: string): Promise<'settled' | 'unknown'> {
      const order = await (await client()).getOrder(orderId);
      const row = await ctx.store.read(async (q) => (await ordersRepository.byOrderId(q, order.id)) ?? (await ordersRepository.byReference(q, order.external_reference)));
      if (!row) return 'unknown';
      await ordersRepository.applyOrder(ctx.store, row.id, update(order));
      return 'settled';
    },

    /** One pass of the poller over every open attempt. */
    async pollOpen(onError: (error: unknown) => void): Promise<number> {
      const rows = await ctx.store.read((q) => ordersRepository.open(q, new Date(Date.now() - CREATE_GRACE_MS).toISOString()));
      await Promise.all(
        rows.map((row) =>
          refresh(row).catch((error: unknown) => {
            onError(error);
          }),
        ),
      );
      return rows.length;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
