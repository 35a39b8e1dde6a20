import { describe, expect, it } from 'vitest';
import { amountCheck, decide, decisivePayments, statusClass, supersedes } from '../../domain/payment-rules';

describe('Mercado Pago status → sale (domain/payment-rules)', () => {
  it('classifies every documented status', () => {
    expect(['approved', 'authorized'].map(statusClass)).toEqual(['paid', 'paid']);
    expect(['rejected', 'cancelled', 'expired'].map(statusClass)).toEqual(['failed', 'failed', 'failed']);
    expect(['refunded', 'charged_back', 'in_mediation'].map(statusClass)).toEqual(['reversed', 'reversed', 'reversed']);
    expect(['pending', 'in_process', 'whatever'].map(statusClass)).toEqual(['waiting', 'waiting', 'waiting']);
  });

  it('moves a pendiente sale forward and never backwards', () => {
    expect(decide('pendiente', 'approved')).toEqual({ to: 'pagado', review: false });
    expect(decide('pendiente', 'rejected')).toEqual({ to: 'cancelado', review: false });
    expect(decide('pendiente', 'pending')).toEqual({ review: false });
    expect(decide('pagado', 'pending')).toEqual({ review: false });
    expect(decide('pagado', 'rejected')).toEqual({ review: false });
    expect(decide('pagado', 'approved')).toEqual({ review: false });
    expect(decide('cancelado', 'pending')).toEqual({ review: false });
  });

  it('pays a sale only when Mercado Pago charged at least its total; a different amount is flagged', () => {
    expect([amountCheck(10_000, 10_000), amountCheck(10_001, 10_000), amountCheck(9_999, 10_000), amountCheck(null, 10_000)]).toEqual(['exact', 'over', 'short', 'short']);
    expect(decide('pendiente', 'approved', 'short')).toEqual({ review: true });
    expect(decide('pendiente', 'refunded', 'short')).toEqual({ review: true, refunded: true });
    expect(decide('pendiente', 'approved', 'over')).toEqual({ to: 'pagado', review: true });
    expect(decide('pendiente', 'approved', 'exact')).toEqual({ to: 'pagado', review: false });
    // The amount does not matter to what does not pay: a rejection still cancels.
    expect(decide('pendiente', 'rejected', 'short')).toEqual({ to: 'cancelado', review: false });
    expect(decide('pendiente', 'pending', 'short')).toEqual({ review: false });
  });

  it('flags what the owner must see: reversals after approval, an approval after cancellation', () => {
    expect(decide('pagado', 'refunded')).toEqual({ review: true, refunded: true });
    expect(decide('pagado', 'charged_back')).toEqual({ review: true, refunded: true });
    expect(decide('pendiente', 'refunded')).toEqual({ to: 'pagado', review: true, refunded: true });
    expect(decide('cancelado', 'approved')).toEqual({ review: true });
  });

  it('an attempt’s status only advances', () => {
    expect(supersedes('pending', 'approved')).toBe(true);
    expect(supersedes('approved', 'pending')).toBe(false);
    expect(supersedes('approved', 'rejected')).toBe(false);
    expect(supersedes('approved', 'refunded')).toBe(true);
    expect(supersedes('rejected', 'approved')).toBe(true);
  });

  it('of several payments, the paid or reversed ones decide', () => {
    const list = [{ status: 'rejected' }, { status: 'approved' }, { status: 'pending' }];
    expect(decisivePayments(list)).toEqual([{ status: 'approved' }]);
    expect(decisivePayments([{ status: 'rejected' }, { status: 'pending' }])).toHaveLength(2);
  });
});
