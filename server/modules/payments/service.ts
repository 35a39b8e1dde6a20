/**
 * Checkout Pro for the POS (docs/spec.md §4 "Checkout" with the online provider, §7 /payments/*).
 * - POST /payments/preference prices the cart from the catalogue (never the client's prices), records
 *   the attempt with its X-Idempotency-Key FIRST (one write unit), then calls Mercado Pago (no unit
 *   open), then stores the preference (another unit). The same externalReference again reuses the stored key (a retry after a
 *   crash or a lost reply gets the same preference) or the stored preference.
 * - POST /payments/sale records the sale through writeSaleToLedger (the one write path), pendiente, its stock
 *   taken through the ledger (reserved until the payment settles), clientSaleId = the attempt's key, and
 *   links it to the attempt, all in one write unit: a repeat returns the same sale.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { MSG } from '../../../domain/messages';
import { fromCents, toCents } from '../../../domain/money';
import type { PaymentSaleBody, PreferenceBody, PreferenceJson } from '../../../domain/schemas/payments';
import type { SaleJson } from '../../../domain/schemas/sales';
import { computeSaleTotals } from '../../../domain/sale-totals';
import type { MercadoPagoEnv } from '../../config';
import type { Q, Store } from '../../db/store';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { MercadoPagoError } from '../../integrations/mercadopago/errors';
import type { MpPreferenceRequest } from '../../integrations/mercadopago/types';
import { salesDurable } from '../sales/durability';
import type { SalesContext } from '../sales/context';
import { writeSaleToLedger, type SaleDraft } from '../sales/ledger-write';
import { salesRepository } from '../sales/repository';
import { getSale } from '../sales/service';
import { paymentsRepository, type PaymentRow } from './repository';
import { clientFor, notificationUrl, publicBase, type MpRuntime } from './runtime';

export interface PaymentsContext extends SalesContext {
  store: Store;
  env: MercadoPagoEnv;
  runtime: () => Promise<MpRuntime>;
}


/** The cart an attempt was priced for; a reused reference must carry the same one. */
interface AttemptCart {
  items: { productId: number; quantity: number }[];
  discountCents: number;
  payer: { name: string; email: string };
}

/** A Mercado Pago failure as the envelope's Spanish message (503 when it may work on a retry). */
export function providerFailure(error: unknown, fallback: string): AppError {
  if (!(error instanceof MercadoPagoError)) return error instanceof AppError ? error : new AppError(502, fallback);
  if (['timeout', 'network', 'unavailable'].includes(error.kind)) return new AppError(503, MSG.paymentProviderUnavailable);
  return new AppError(502, `${MSG.paymentProviderError}: ${error.message}`);
}

async function requireClient(ctx: PaymentsContext) {
  const runtime = await ctx.runtime();
  const client = clientFor(runtime, ctx.env);
  // Not configured is the shop's state, not a fault: 409, and the POS already shows the method disabled.
  if (!client) throw new AppError(409, MSG.paymentNotConfigured);
  return { runtime, client };
}

/** Catalogue lines of a cart: current price, active products, enough stock (as an online sale). */
export function priceCart(ctx: SalesContext, items: AttemptCart['items'], discountCents: number) {
  return ctx.store.read((q) => priceCartOn(q, items, discountCents));
}

/** priceCart on the handle `q` (a caller's unit). */
export async function priceCartOn(q: Q, items: AttemptCart['items'], discountCents: number) {
  const products = new Map<number, Awaited<ReturnType<typeof salesRepository.productById>>>();
  for (const { productId } of items) products.set(productId, await salesRepository.productById(q, productId));
  const lines = items.map((item) => {
    const product = products.get(item.productId);
    if (!product) throw badRequest(`El producto ${item.productId} no existe`, { productId: item.productId });
    if (product.deletedAt || !product.active) throw badRequest(`El producto "${product.name}" ya no está a la venta`, { productId: product.id });
    const wanted = items.filter((i) => i.productId === item.productId).reduce((n, i) => n + i.quantity, 0);
    if (wanted > product.stock) {
      throw conflict(`No hay stock suficiente de "${product.name}" (disponible: ${Math.max(0, product.stock)})`, { productId: product.id, available: product.stock });
    }
    return { product, quantity: item.quantity, unitPriceCents: product.priceCents };
  });
  try {
    return { lines, totals: computeSaleTotals(lines, discountCents) };
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : String(error));
  }
}

function newReference(): string {
  return `VENTA-${Date.now()}-${randomBytes(3).toString('hex')}`;
}

function preferenceRequest(
  runtime: MpRuntime,
  origin: string,
  row: PaymentRow,
  cart: AttemptCart,
  priced: Awaited<ReturnType<typeof priceCart>>,
): MpPreferenceRequest {
  const base = publicBase(runtime, origin);
  const { lines, totals } = priced;
  // Mercado Pago has no discount line: a discounted cart travels as one line with the total charged.
  const items: MpPreferenceRequest['items'] =
    totals.discountCents > 0
      ? [{ id: row.externalReference, title: `Compra ${row.externalReference} (con descuento)`, quantity: 1, unit_price: fromCents(totals.totalCents), currency_id: 'ARS' }]
      : lines.map((l) => ({ id: String(l.product.id), title: l.product.name.slice(0, 250), quantity: l.quantity, unit_price: fromCents(l.unitPriceCents), currency_id: 'ARS' }));
  return {
    items,
    payer: cart.payer,
    external_reference: row.externalReference,
    back_urls: { success: `${base}/payment/success`, failure: `${base}/payment/failure`, pending: `${base}/payment/pending` },
    auto_return: 'approved',
    notification_url: notificationUrl(runtime, base),
    expires: true,
    expiration_date_to: row.expiresAt,
    metadata: { external_reference: row.externalReference },
  };
}

function preferenceJson(row: PaymentRow): PreferenceJson {
  return {
    preferenceId: row.preferenceId!,
    initPoint: row.initPoint!,
    sandboxInitPoint: row.sandboxInitPoint,
    total: fromCents(row.amountCents),
    externalReference: row.externalReference,
  };
}

export async function createPreference(ctx: PaymentsContext, body: PreferenceBody, userId: number, origin: string): Promise<PreferenceJson> {
  const { runtime, client } = await requireClient(ctx);
  const cart: AttemptCart = { items: body.items, discountCents: toCents(body.discount), payer: { name: body.payer.name, email: body.payer.email } };
  const priced = await priceCart(ctx, cart.items, cart.discountCents);
  const requestJson = JSON.stringify(cart);
  const externalReference = body.externalReference ?? newReference();

  // 1. Record the attempt (or find it): its idempotency key is durable before any network call.
  const row = await ctx.store.write(async (tx) => {
    const known = await paymentsRepository.byReference(tx, externalReference);
    if (known) {
      if (known.requestJson !== requestJson) throw conflict(MSG.paymentReferenceReused);
      return known;
    }
    const expiresAt = new Date(Date.now() + ctx.env.preferenceMinutes * 60_000).toISOString();
    return paymentsRepository.insert(tx, {
      idempotencyKey: randomUUID(),
      externalReference,
      requestJson,
      amountCents: priced.totals.totalCents,
      userId,
      expiresAt,
    });
  });
  if (row.preferenceId && row.initPoint) return preferenceJson(row);

  // 2. Ask Mercado Pago (no transaction open); 3. store what it answered.
  let preference;
  try {
    preference = await client.createPreference(preferenceRequest(runtime, origin, row, cart, priced), row.idempotencyKey);
  } catch (error) {
    throw providerFailure(error, MSG.preferenceError);
  }
  const stored = { preferenceId: preference.id, initPoint: preference.init_point, sandboxInitPoint: preference.sandbox_init_point ?? null };
  await ctx.store.write((tx) => paymentsRepository.savePreference(tx, row.id, stored));
  return preferenceJson({ ...row, ...stored });
}

function sameCart(row: PaymentRow, body: PaymentSaleBody): boolean {
  const cart = JSON.parse(row.requestJson) as AttemptCart;
  const key = (items: AttemptCart['items']) => JSON.stringify(items.map((i) => [i.productId, i.quantity]));
  return key(cart.items) === key(body.items) && cart.discountCents === toCents(body.discount);
}

export async function createPaymentSale(ctx: PaymentsContext, body: PaymentSaleBody, userId: number): Promise<{ created: boolean; sale: SaleJson }> {
  const outcome = await ctx.store.write(async (tx) => {
    const row = await paymentsRepository.byPreference(tx, body.preferenceId);
    if (!row) throw notFound(MSG.paymentPreferenceNotFound);
    if (row.saleId !== null) return { created: false, written: false, saleId: row.saleId };
    if (!sameCart(row, body)) throw conflict(MSG.paymentSaleMismatch);
    const known = await salesRepository.findByClientSaleId(tx, row.idempotencyKey);
    if (!known && Date.parse(row.expiresAt) <= Date.now()) throw conflict(MSG.paymentPreferenceExpired);
    if (!known && (await priceCartOn(tx, body.items, toCents(body.discount))).totals.totalCents !== row.amountCents) throw conflict(MSG.paymentSaleMismatch);
    const cart = JSON.parse(row.requestJson) as AttemptCart;
    const draft: SaleDraft = {
      clientSaleId: row.idempotencyKey,
      deviceId: null,
      deviceSeq: null,
      sellerId: userId,
      saleDate: new Date().toISOString(),
      items: body.items,
      discountCents: toCents(body.discount),
      paymentMethod: 'mercadopago',
      paymentStatus: 'pendiente',
      customerName: body.customerName ?? cart.payer.name,
      customerDocument: body.customerDocument,
      customerEmail: body.customerEmail ?? cart.payer.email,
      notes: body.notes,
      preferenceId: row.preferenceId,
      externalReference: row.externalReference,
    };
    const written = await writeSaleToLedger(tx, ctx, draft, 'online');
    await paymentsRepository.linkSale(tx, row.id, written.saleId);
    return { created: written.status === 'applied', written: true, saleId: written.saleId };
  });
  if (outcome.written) await salesDurable(ctx.store);
  return { created: outcome.created, sale: await getSale(ctx, outcome.saleId) };
}
