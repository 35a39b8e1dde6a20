/**
 * What a Mercado Pago payment status does to a sale (docs/reference/mercadopago.md "Statuses and the sale"). Pure rules:
 * - approved / authorized: pendiente → pagado; an approval seen after the sale was cancelled is flagged;
 * - rejected / cancelled / expired (our mark for a preference that expired unpaid): pendiente → cancelado (stock returns); never touches a paid sale;
 * - refunded / charged_back / in_mediation: recorded and flagged for the owner (a pendiente sale that was
 *   in fact paid becomes pagado first); refunded and charged_back also mark the sale refunded: the money went
 *   back, so it is no longer revenue (domain/revenue.ts) and cannot be invoiced;
 * - pending / in_process / anything else: nothing (a late "pending" never moves a sale backwards);
 * - a paid amount below the sale's total (or none) never makes the sale pagado: it stays as it was and is
 *   flagged; an amount above it is paid and flagged (the server trusts what Mercado Pago charged, not the
 *   preference it asked for).
 */
import type { PaymentStatus } from './constants';

export type StatusClass = 'waiting' | 'failed' | 'paid' | 'reversed';

export function statusClass(status: string): StatusClass {
  if (status === 'approved' || status === 'authorized') return 'paid';
  if (status === 'rejected' || status === 'cancelled' || status === 'expired') return 'failed';
  if (status === 'refunded' || status === 'charged_back' || status === 'in_mediation') return 'reversed';
  return 'waiting';
}

const RANK: Record<StatusClass, number> = { waiting: 0, failed: 1, paid: 2, reversed: 3 };

/** Whether `next` may replace `current` as the status that describes the attempt (never backwards). */
export function supersedes(current: string, next: string): boolean {
  return RANK[statusClass(next)] >= RANK[statusClass(current)];
}

export interface SaleDecision {
  /** New sale status, when it changes. */
  to?: 'pagado' | 'cancelado';
  /** The owner must look at it (refund, chargeback, mediation, approval after cancellation). */
  review: boolean;
  /** The money went back to the buyer (refund or chargeback): the sale is marked refunded. */
  refunded?: boolean;
}

/** A provider status that returned the money: a full refund or a chargeback (a mediation may still go either way). */
export const isRefund = (status: string) => status === 'refunded' || status === 'charged_back';

/** What Mercado Pago charged against the sale's total; unknown counts as short. */
export type AmountCheck = 'exact' | 'over' | 'short';

export function amountCheck(paidCents: number | null, totalCents: number): AmountCheck {
  if (paidCents === null || paidCents < totalCents) return 'short';
  return paidCents > totalCents ? 'over' : 'exact';
}

export function decide(sale: PaymentStatus, status: string, amount: AmountCheck = 'exact'): SaleDecision {
  const decision = decideByAmount(sale, status, amount);
  return isRefund(status) ? { ...decision, refunded: true } : decision;
}

function decideByAmount(sale: PaymentStatus, status: string, amount: AmountCheck): SaleDecision {
  const byStatus = decideStatus(sale, status);
  const kind = statusClass(status);
  if (amount === 'exact' || (kind !== 'paid' && kind !== 'reversed')) return byStatus;
  return amount === 'short' ? { review: true } : { ...byStatus, review: true };
}

function decideStatus(sale: PaymentStatus, status: string): SaleDecision {
  const kind = statusClass(status);
  if (kind === 'paid') return sale === 'pendiente' ? { to: 'pagado', review: false } : { review: sale === 'cancelado' };
  if (kind === 'failed') return sale === 'pendiente' ? { to: 'cancelado', review: false } : { review: false };
  if (kind === 'reversed') {
    if (sale === 'pendiente') return { to: 'pagado', review: true };
    return { review: sale === 'pagado' };
  }
  return { review: false };
}

/** Of several payments of one reference, those that decide it: the paid or reversed ones if any, else all. */
export function decisivePayments<T extends { status: string }>(found: readonly T[]): T[] {
  const settled = found.filter((p) => ['paid', 'reversed'].includes(statusClass(p.status)));
  return settled.length ? settled : [...found];
}

/** Spanish label of a provider status for the sale detail. */
export const PROVIDER_STATUS_LABELS: Record<string, string> = {
  pending: 'Pendiente',
  in_process: 'En proceso',
  authorized: 'Autorizado',
  approved: 'Aprobado',
  rejected: 'Rechazado',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
  charged_back: 'Contracargo',
  in_mediation: 'En mediación',
  expired: 'Preferencia vencida',
};
