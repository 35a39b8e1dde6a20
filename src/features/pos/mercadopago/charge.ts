/**
 * Charging the cart with Mercado Pago QR or Point at the counter (issue #34 items 1–2). The server records
 * the sale (pendiente, its stock taken) with the attempt and makes it pagado only when Mercado Pago says
 * `processed`: this device never writes that sale to its outbox, so it cannot be recorded twice. The cart
 * stays on the device until the server says paid; then it is released like Checkout Pro's (stock mirrored
 * until the next pull). One attemptId per "Cobrar": a retried start answers the same attempt.
 */
import { MP_COUNTER_MSG } from '../../../../domain/messages-payments';
import type { OrderAttemptJson } from '../../../../domain/schemas/payment-orders';
import { fetchSale } from '../../../api/sales';
import { cancelOrderAttempt, fetchOrderAttempt, startOrderAttempt } from '../../../api/payment-orders';
import { cartLines } from '../../../offline/cart';
import { getDeviceCredential } from '../../../offline/device';
import { releaseCart } from '../mercadopago-checkout';

export type ChargeKind = OrderAttemptJson['kind'];
/** `unreachable`: the server was not reached or failed (5xx), as opposed to refusing. */
export type ChargeResult = { ok: true; attempt: OrderAttemptJson } | { ok: false; message: string; unreachable?: boolean };

export interface ChargeForm {
  customerName: string;
  customerDocument: string;
  notes: string;
}

export async function startCharge(kind: ChargeKind, attemptId: string, form: ChargeForm, discount: number): Promise<ChargeResult> {
  const device = await getDeviceCredential();
  if (!device) return { ok: false, message: MP_COUNTER_MSG.noDevice };
  const lines = await cartLines();
  const items = lines.map((line) => ({ productId: line.productId, quantity: line.quantity }));
  const result = await startOrderAttempt(device, {
    attemptId,
    kind,
    items,
    discount,
    customerName: form.customerName.trim() || null,
    customerDocument: form.customerDocument.trim() || null,
    notes: form.notes.trim() || null,
  });
  return result.success ? { ok: true, attempt: result.data } : { ok: false, message: result.message };
}

/** The attempt as the server knows it now (throws when it could not say: the poll keeps its data and slows down). */
export async function readCharge(id: number): Promise<OrderAttemptJson> {
  const device = await getDeviceCredential();
  if (!device) throw new Error(MP_COUNTER_MSG.noDevice);
  const result = await fetchOrderAttempt(device, id);
  if (!result.success) throw new Error(result.message);
  return result.data;
}

export async function cancelCharge(id: number): Promise<ChargeResult> {
  const device = await getDeviceCredential();
  if (!device) return { ok: false, message: MP_COUNTER_MSG.noDevice };
  const result = await cancelOrderAttempt(device, id);
  return result.success ? { ok: true, attempt: result.data } : { ok: false, message: result.message, unreachable: result.kind === 'network' || result.status >= 500 };
}

/** Paid: the cart leaves this device (the server already has the sale); the sale as recorded, for its ticket. */
export async function settlePaidCharge(attempt: OrderAttemptJson) {
  await releaseCart(await cartLines());
  const sale = await fetchSale(attempt.saleId);
  return sale.success ? sale.data : null;
}

/** While open: every second; after a failed read (the server away) every 5 s, so nothing storms it; stopped when done. */
export function pollInterval(attempt: OrderAttemptJson | undefined, failures: number): number | false {
  if (attempt?.done) return false;
  return failures > 0 ? 5_000 : 1_000;
}
