/**
 * Digital receipts (issue #35 item 4): a signed-in user (sellers too) makes a link to a sale's ticket or
 * invoice PDF, or has it e-mailed; anyone with the link opens the PDF until it expires. Invariants:
 * - the token is 256 random bits and only its hash is stored (token.ts): the link cannot be guessed, and the
 *   database alone opens nothing;
 * - an invoice link exists only for a sale with an authorized invoice (CAE or CAEA); a cancelled or
 *   unpaid sale gets no link;
 * - the ticket prints the customer's document only when whoever made the link could read it (an admin, or a
 *   seller while privacidad/vendedores_ven_clientes allows), fixed when the link is made. An invoice prints
 *   its buyer as issued: that is the fiscal document, which sellers already print at the counter;
 * - the PDF and the mail library load on first use (pdf.ts, mailer.ts), never at server start;
 * - no network call inside a write unit: the link row is committed before any e-mail is sent.
 */
import { RECEIPT_MSG } from '../../../domain/receipts';
import type { ReceiptChannelsJson, ReceiptKind, ReceiptLinkJson } from '../../../domain/schemas/receipts';
import type { InvoiceJson } from '../../../domain/schemas/invoices';
import type { SaleJson } from '../../../domain/schemas/sales';
import type { Store } from '../../db/store';
import { AppError, conflict } from '../../http/errors';
import { getBusinessInfo } from '../business-info/service';
import { customerDataVisible } from '../customers/visibility';
import { invoiceForSale } from '../invoices/service';
import type { SalesContext } from '../sales/context';
import { getSale } from '../sales/service';
import type { ReceiptsConfig } from './config';
import { receiptsRepository } from './repository';
import { hashReceiptToken, newReceiptToken, TOKEN_SHAPE } from './token';

export interface ReceiptsContext {
  store: Store;
  timeZone: string;
  config: ReceiptsConfig;
  sales: SalesContext;
}

export interface Viewer {
  id: number;
  role: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const receiptChannels = (ctx: ReceiptsContext): ReceiptChannelsJson => ({ whatsapp: true, email: ctx.config.smtp !== null });

const authorized = (invoice: InvoiceJson | null): invoice is InvoiceJson => invoice?.status === 'autorizada' && !!invoice.cae;

/** Creates a link to the sale's document; `origin` is the request's when PUBLIC_URL is not set. */
export async function createReceiptLink(ctx: ReceiptsContext, saleId: number, wanted: ReceiptKind | undefined, viewer: Viewer, origin: string): Promise<ReceiptLinkJson> {
  const sale = await getSale(ctx.sales, saleId);
  if (sale.paymentStatus === 'cancelado') throw conflict(RECEIPT_MSG.saleCancelled);
  if (sale.paymentStatus === 'pendiente') throw conflict(RECEIPT_MSG.salePending);
  const invoice = await invoiceForSale(ctx.store, saleId);
  const kind: ReceiptKind = wanted ?? (authorized(invoice) ? 'invoice' : 'ticket');
  if (kind === 'invoice' && !authorized(invoice)) throw conflict(RECEIPT_MSG.invoiceMissing);
  const withCustomerData = viewer.role === 'admin' || (await ctx.store.read(customerDataVisible));
  const token = newReceiptToken();
  const expiresAt = new Date(Date.now() + ctx.config.linkDays * DAY_MS).toISOString();
  await ctx.store.write((tx) => receiptsRepository.insert(tx, { tokenHash: hashReceiptToken(token), saleId, kind, withCustomerData, createdBy: viewer.id, expiresAt }));
  const customerPhone = await ctx.store.read((q) => receiptsRepository.customerPhone(q, saleId));
  return { url: `${ctx.config.publicUrl ?? origin}/r/${token}`, kind, expiresAt, saleNumber: sale.saleNumber, customerPhone };
}

export type OpenedReceipt = { status: 'ok'; pdf: Buffer; fileName: string } | { status: 'unknown' } | { status: 'expired' };

/** What GET /r/:token serves: the PDF, or why not (unknown token, or expired). */
export async function openReceipt(ctx: ReceiptsContext, token: string): Promise<OpenedReceipt> {
  if (!TOKEN_SHAPE.test(token)) return { status: 'unknown' };
  const link = await ctx.store.read((q) => receiptsRepository.byTokenHash(q, hashReceiptToken(token)));
  if (!link) return { status: 'unknown' };
  if (Date.parse(link.expiresAt) <= Date.now()) return { status: 'expired' };
  let sale: SaleJson;
  try {
    sale = await getSale(ctx.sales, link.saleId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return { status: 'unknown' };
    throw error;
  }
  const kind = link.kind as ReceiptKind;
  const invoice = kind === 'invoice' ? await invoiceForSale(ctx.store, link.saleId) : null;
  if (kind === 'invoice' && !authorized(invoice)) return { status: 'unknown' };
  const business = await getBusinessInfo(ctx.store, ctx.timeZone);
  const { renderReceiptPdf } = await import('./pdf');
  const pdf = await renderReceiptPdf({ kind, business, sale, invoice, withCustomerData: link.withCustomerData, timeZone: ctx.timeZone });
  const fileName = kind === 'invoice' && invoice ? `factura-${invoice.invoiceNumber}.pdf` : `ticket-${sale.saleNumber}.pdf`;
  return { status: 'ok', pdf, fileName: fileName.replace(/[^A-Za-z0-9._-]/g, '_') };
}

/** A new link, e-mailed to `to` through the configured SMTP server (409 when there is none). */
export async function emailReceipt(ctx: ReceiptsContext, saleId: number, input: { to: string; kind?: ReceiptKind }, viewer: Viewer, origin: string) {
  const smtp = ctx.config.smtp;
  if (!smtp) throw conflict(RECEIPT_MSG.smtpMissing);
  const link = await createReceiptLink(ctx, saleId, input.kind, viewer, origin);
  const business = await getBusinessInfo(ctx.store, ctx.timeZone);
  const { sendReceiptMail } = await import('./mailer');
  await sendReceiptMail(smtp, { to: input.to, businessName: business.businessName, link, timeZone: ctx.timeZone });
  return { ...link, to: input.to };
}
