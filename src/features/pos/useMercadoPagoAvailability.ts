/**
 * Whether the POS may offer Mercado Pago, and why not: offline (docs/spec.md §4: card payments need the
 * network) or not configured on the server. While the server's answer is unknown the method stays
 * available; the server refuses with its own message if it cannot take the payment. Asked only while
 * the checkout is open and online, so a closed POS makes no staff call, and a 401 never redirects: a
 * stale session is the sync panel's business, not a surprise trip to /login in the middle of a sale.
 */
import { useQuery } from '@tanstack/react-query';
import { MSG } from '../../../domain/messages';
import { fetchPaymentAvailability } from '../../api/payments';
import { OFFLINE_MSG } from '../../offline/messages';
import { paymentKeys } from '../sales/queries';

export interface MercadoPagoAvailability {
  /** Why the method cannot be used now, or null. */
  disabledReason: string | null;
  /** "Mercado Pago", or "Mercado Pago simulado" when the server talks to the simulator. */
  label: string;
}

export function useMercadoPagoAvailability(online: boolean, active: boolean): MercadoPagoAvailability {
  const query = useQuery({
    queryKey: paymentKeys.availability,
    queryFn: async () => {
      const result = await fetchPaymentAvailability();
      return result.success ? result.data : null;
    },
    enabled: online && active,
    staleTime: 60_000,
  });
  const data = query.data;
  if (!online) return { disabledReason: OFFLINE_MSG.mercadoPagoOffline, label: data?.label ?? 'Mercado Pago' };
  if (data && !data.configured) return { disabledReason: MSG.paymentNotConfigured, label: data.label };
  return { disabledReason: null, label: data?.label ?? 'Mercado Pago' };
}
