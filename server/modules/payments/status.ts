/** The payment side of a sale for staff (GET /payments/status/{saleId}): provider status, review flag, the events seen. */
import { MSG } from '../../../domain/messages';
import { fromCents } from '../../../domain/money';
import type { PaymentStatusJson } from '../../../domain/schemas/payments';
import type { Q } from '../../db/store';
import { badRequest, notFound } from '../../http/errors';
import { paymentsRepository, type PaymentRow } from './repository';

/** The attempt of a sale; 404 / 400 when there is no sale or it was not charged with Mercado Pago. */
export async function attemptOfSale(q: Q, saleId: number): Promise<PaymentRow> {
  const sale = await paymentsRepository.saleStatus(q, saleId);
  if (!sale) throw notFound(MSG.saleNotFound);
  if (sale.paymentMethod !== 'mercadopago') throw badRequest(MSG.paymentNotMercadoPago);
  const row = await paymentsRepository.bySale(q, saleId);
  if (!row) throw notFound(MSG.paymentAttemptMissing);
  return row;
}

export async function paymentStatusJson(q: Q, saleId: number): Promise<PaymentStatusJson> {
  const row = await attemptOfSale(q, saleId);
  const sale = (await paymentsRepository.saleStatus(q, saleId))!;
  const events = await paymentsRepository.events(q, row.id);
  return {
    saleId,
    saleNumber: sale.saleNumber,
    paymentStatus: sale.paymentStatus,
    externalReference: row.externalReference,
    preferenceId: row.preferenceId,
    providerStatus: row.status,
    providerStatusDetail: row.statusDetail,
    providerPaymentId: row.providerPaymentId,
    needsReview: sale.flagPaymentReview,
    lastCheckedAt: row.lastCheckedAt,
    events: events.map((e) => ({
      providerPaymentId: e.providerPaymentId,
      status: e.status,
      statusDetail: e.statusDetail,
      amount: e.amountCents === null ? null : fromCents(e.amountCents),
      source: e.source,
      createdAt: e.createdAt,
    })),
  };
}
