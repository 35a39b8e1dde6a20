import { useEffect } from 'react';
import { requestPaymentCheck } from '../../../api/payments';

/**
 * Hitting a return page asks the server to check the reference with Mercado Pago (the query itself is
 * never believed). Fire and forget: the page's texts stay as docs/spec.md §2 describes them.
 */
export function usePaymentCheck(externalReference: string): void {
  useEffect(() => {
    if (externalReference) void requestPaymentCheck(externalReference);
  }, [externalReference]);
}
