/**
 * Confirmation that does not depend on luck (docs/reference/mercadopago.md "Notifications", "Reachability"). Nothing is
 * believed until Mercado Pago's API says it: a notification only names a payment id, which is fetched;
 * a return page, a staff check or the timer searches the payments of a reference. Each answer goes
 * through paymentsRepository.settle (one write unit, idempotent, never backwards). An attempt whose
 * preference expired with no payment that can still succeed is cancelled (stock back).
 * Checks of one attempt are coalesced (one in flight at a time) and, when not forced, throttled.
 */
import { decisivePayments, statusClass } from '../../../domain/payment-rules';
import { toCents } from '../../../domain/money';
import type { MpPayment } from '../../integrations/mercadopago/types';
import { paymentsRepository, type PaymentRow } from './repository';
import { clientFor } from './runtime';
import type { PaymentsContext } from './service';

export type CheckSource = 'webhook' | 'ipn' | 'poll' | 'return' | 'staff';

/** Grace after the preference's expiry before an unpaid attempt is given up (a payment may still be landing): 2 min, less for short-lived preferences. */
const expiryGraceMs = (preferenceMinutes: number) => Math.min(2 * 60_000, preferenceMinutes * 60_000);

function update(payment: MpPayment, source: CheckSource) {
  return {
    providerPaymentId: String(payment.id),
    status: payment.status,
    statusDetail: payment.status_detail ?? null,
    amountCents: typeof payment.transaction_amount === 'number' ? toCents(payment.transaction_amount) : null,
    source,
  };
}

export function createReconciler(ctx: PaymentsContext, throttleMs = 5_000) {
  const inFlight = new Map<number, Promise<void>>();
  const lastRun = new Map<number, number>();

  async function client() {
    const c = clientFor(await ctx.runtime(), ctx.env);
    if (!c) throw new Error('Mercado Pago no está configurado');
    return c;
  }

  async function check(row: PaymentRow, source: CheckSource): Promise<void> {
    const found = await (await client()).searchPayments(row.externalReference);
    const mine = found.filter((p) => p.external_reference === row.externalReference);
    const ordered = decisivePayments(mine).sort((a, b) => String(a.date_created ?? '').localeCompare(String(b.date_created ?? '')));
    // Each answer in its own unit, after the call: no transaction is open while Mercado Pago is asked.
    for (const payment of ordered) await paymentsRepository.settle(ctx.store, row, update(payment, source));
    const stillPossible = mine.some((p) => statusClass(p.status) !== 'failed');
    if (!stillPossible && Date.parse(row.expiresAt) + expiryGraceMs(ctx.env.preferenceMinutes) < Date.now()) {
      await paymentsRepository.settle(ctx.store, row, { providerPaymentId: `preferencia:${row.preferenceId ?? row.id}`, status: 'expired', statusDetail: null, amountCents: null, source });
    }
    await ctx.store.write((tx) => paymentsRepository.markChecked(tx, row.id));
  }

  /** Checks one attempt with Mercado Pago; `force` skips the throttle (staff confirm, the timer). */
  function reconcile(row: PaymentRow, source: CheckSource, force = false): Promise<void> {
    const running = inFlight.get(row.id);
    if (running) return running;
    if (!force && Date.now() - (lastRun.get(row.id) ?? 0) < throttleMs) return Promise.resolve();
    lastRun.set(row.id, Date.now());
    const run = check(row, source).finally(() => inFlight.delete(row.id));
    inFlight.set(row.id, run);
    return run;
  }

  return {
    reconcile,

    /** The return pages: a reference from the (untrusted) query; unknown references do nothing. */
    async byReference(externalReference: string): Promise<void> {
      const row = await ctx.store.read((q) => paymentsRepository.byReference(q, externalReference));
      if (row && row.saleId !== null) await reconcile(row, 'return');
    },

    /** A webhook or IPN named a payment: fetch it, and settle its attempt if it is one of ours. */
    async notification(paymentId: string, source: 'webhook' | 'ipn'): Promise<'settled' | 'unknown'> {
      const payment = await (await client()).getPayment(paymentId);
      const reference = payment.external_reference;
      const row = reference ? await ctx.store.read((q) => paymentsRepository.byReference(q, reference)) : undefined;
      if (!row) return 'unknown';
      await paymentsRepository.settle(ctx.store, row, update(payment, source));
      return 'settled';
    },

    /** One pass of the timer over every attempt whose sale is pendiente. */
    async pollPending(onError: (error: unknown) => void): Promise<number> {
      const rows = await ctx.store.read((q) => paymentsRepository.pending(q));
      for (const row of rows) {
        try {
          await reconcile(row, 'poll', true);
        } catch (error) {
          onError(error);
        }
      }
      return rows.length;
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
