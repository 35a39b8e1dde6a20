/** The payment side of a sale for staff (GET /payments/status/{saleId}): provider status, review flag, the events seen. */
import { MSG } from '../../../domain/messages';
import { fromCents } from '../../../domain/money';
import type { PaymentStatusJson } from '../../../domain/schemas/payments';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { paymentsRepository, type PaymentRow } from './repository';

/** The attempt of a sale; 404 / 400 when there is no sale or it was not charged with Mercado Pago. */
export function attemptOfSale(db: Db, saleId: number): PaymentRow {
  const sale = paymentsRepository.saleStatus(db, saleId);
  if (!sale) throw notFound(MSG.saleNotFound);
  if (sale.paymentMethod !== 'mercadopago') throw badRequest(MSG.paymentNotMercadoPago);
  const row = paymentsRepository.bySale(db, saleId);
  if (!row) throw notFound(MSG.paymentAttemptMissing);
  return row;
}

export function paymentStatusJson(db: Db, saleId: number): PaymentStatusJson {
  const row = attemptOfSale(db, saleId);
  const sale = paymentsRepository.saleStatus(db, saleId)!;
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
    events: paymentsRepository.events(db, row.id).map((e) => ({
      providerPaymentId: e.providerPaymentId,
      status: e.status,
      statusDetail: e.statusDetail,
      amount: e.amountCents === null ? null : fromCents(e.amountCents),
      source: e.source,
      createdAt: e.createdAt,
    })),
  };
}
