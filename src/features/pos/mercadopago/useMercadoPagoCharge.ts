/**
 * The QR / Point charge of «Completar Venta» (issue #34): starts the attempt on the server with the
 * charge's chunk fetched alongside, holds the open charge the dialog shows instead of its form, settles a
 * paid one (the cart released, the recorded sale read back: paid is paid, even when either fails) and says
 * whether the dialog may close (not while a charge is open, neither paid nor over).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { MSG } from '../../../../domain/messages';
import type { OrderAttemptJson } from '../../../../domain/schemas/payment-orders';
import type { SaleJson } from '../../../../domain/schemas/sales';
import { settlePaidCharge, startCharge, type ChargeForm, type ChargeKind } from './charge';

// The charge's chunk (with the QR encoder): fetched when QR / Point is picked, awaited with the attempt's
// request, so the QR renders in the same render as the reply (no Suspense round, no extra frame).
type ChargeModule = typeof import('./MercadoPagoCharge');
let chargeChunk: Promise<ChargeModule> | null = null;
/** Also called when QR / Point is picked: the chunk loads while the cashier still confirms. */
export const loadCharge = () =>
  (chargeChunk ??= import('./MercadoPagoCharge').catch((error: unknown) => {
    chargeChunk = null;
    throw error;
  }));

export interface OpenCharge {
  attempt: OrderAttemptJson;
  view: ChargeModule;
}

interface Options {
  setBusy: (busy: boolean) => void;
  setError: (message: string) => void;
  /** Paid: the sale as the server recorded it (null if it could not be read back). Keep it stable (useCallback). */
  onPaid: (sale: SaleJson | null, attempt: OrderAttemptJson) => void;
}

export function useMercadoPagoCharge({ setBusy, setError, onPaid }: Options) {
  const [charge, setCharge] = useState<OpenCharge | null>(null);
  const queryClient = useQueryClient();

  /** «Confirmar Venta» with QR / Point: a new attempt on the server, then its charge is shown. */
  const start = async (kind: ChargeKind, form: ChargeForm, discount: number) => {
    setError('');
    setBusy(true);
    try {
      const [result, view] = await Promise.all([startCharge(kind, crypto.randomUUID(), form, discount), loadCharge()]);
      if (!result.ok) return setError(result.message);
      setCharge({ attempt: result.attempt, view });
    } catch {
      setError(MSG.paymentProviderError);
    } finally {
      setBusy(false);
    }
  };

  const paid = useCallback(
    (attempt: OrderAttemptJson) => {
      void settlePaidCharge(attempt)
        .catch(() => null)
        .then((sale) => {
          setCharge(null);
          onPaid(sale, attempt);
        });
    },
    [onPaid],
  );

  /** The charge is still open (neither paid nor over): the dialog stays until it is cancelled or left. */
  const isOpen = () => {
    if (!charge) return false;
    const now = queryClient.getQueryData<OrderAttemptJson>(['mp-charge', charge.attempt.id]) ?? charge.attempt;
    return !now.done || now.salePaymentStatus === 'pagado';
  };

  return { charge, start, paid, isOpen, clear: () => setCharge(null) };
}
