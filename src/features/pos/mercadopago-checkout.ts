/**
 * The card flow of docs/spec.md §4 "Checkout" with the online provider: validate name and e-mail, request the
 * preference, create the sale tied to it, then (the caller) "Redirigiendo a Mercado Pago..." and after
 * 1000 ms the sandbox checkout if present, else the normal one. The server prices the cart; the device
 * sends only product ids and quantities. The external reference is made once per attempt and reused
 * on a retry of the same cart, so the server reuses the same preference (and idempotency key).
 */
import { MSG } from '../../../domain/messages';
import { toCents } from '../../../domain/money';
import { createPaymentSale, createPreference } from '../../api/payments';
import { cartLines } from '../../offline/cart';
import { db } from '../../offline/db';

export interface CheckoutForm {
  customerName: string;
  customerDocument: string;
  customerEmail: string;
  notes: string;
}

export type MercadoPagoResult = { ok: true; checkoutUrl: string } | { ok: false; message: string };

/** The spec's requirement (§5): name and e-mail, the e-mail well formed. */
export function mercadoPagoCustomerProblem(form: Pick<CheckoutForm, 'customerName' | 'customerEmail'>): string | null {
  const email = form.customerEmail.trim();
  if (!form.customerName.trim() || !email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return MSG.paymentNeedsCustomer;
  return null;
}

/** docs/spec.md §3: "a sale prefix plus a timestamp" (with a few random letters so two tablets never collide). */
export function newExternalReference(): string {
  return `VENTA-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The server took the stock: mirror it on the device until the next pull, and empty the cart. */
export async function releaseCart(lines: { productId: number; quantity: number }[]): Promise<void> {
  await db.transaction('rw', [db.cart, db.products], async () => {
    for (const line of lines) {
      await db.products.where('id').equals(line.productId).modify((product) => {
        product.stock -= line.quantity;
      });
    }
    await db.cart.clear();
  });
}

export async function startMercadoPagoCheckout(form: CheckoutForm, discount: number, reference: string): Promise<MercadoPagoResult> {
  const lines = await cartLines();
  if (!lines.length) return { ok: false, message: MSG.cartEmpty };
  const items = lines.map((line) => ({ productId: line.productId, quantity: line.quantity }));
  const common = { customerName: form.customerName.trim(), customerDocument: form.customerDocument.trim(), discount, notes: form.notes };
  const preference = await createPreference({
    ...common,
    items,
    payer: { name: form.customerName.trim() || 'Cliente', email: form.customerEmail.trim() },
    externalReference: reference,
  });
  if (!preference.success) return { ok: false, message: preference.message };
  const sale = await createPaymentSale({ ...common, items, customerEmail: form.customerEmail.trim(), preferenceId: preference.data.preferenceId });
  if (!sale.success) return { ok: false, message: sale.message };
  await releaseCart(lines);
  return { ok: true, checkoutUrl: preference.data.sandboxInitPoint || preference.data.initPoint };
}

/** Key of what an attempt's reference was made for: another cart or customer needs a new reference. */
export async function attemptKey(form: CheckoutForm, discount: number): Promise<string> {
  const lines = await cartLines();
  return JSON.stringify([lines.map((l) => [l.productId, l.quantity]), toCents(discount), form.customerName.trim(), form.customerEmail.trim()]);
}
