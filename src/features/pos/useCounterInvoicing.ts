/**
 * The issuer data the checkout's Factura choice needs (issue #11): GET /invoices/status, read whenever
 * the POS is online and kept in Dexie meta (`invoicing`) so the counter still offers invoices offline.
 * A 401 never redirects (a stale session is the sync panel's business, as for Mercado Pago); a failed
 * read keeps the last stored answer.
 */
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { MSG } from '../../../domain/messages';
import type { InvoiceStatusJson } from '../../../domain/schemas/invoices';
import { api } from '../../api/client';
import { getMeta, setMeta } from '../../offline/db';
import { invoiceKeys } from '../invoices/invoice-queries';

const fetchStatus = () => api('GET /invoices/status', { errorMessage: MSG.arcaStatusError, noRedirect: true });

export function useCounterInvoicing(online: boolean): InvoiceStatusJson | undefined {
  const query = useQuery({
    queryKey: invoiceKeys.counterStatus,
    queryFn: async () => {
      const result = await fetchStatus();
      return result.success ? result.data : null;
    },
    enabled: online,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (query.data) void setMeta('invoicing', query.data);
  }, [query.data]);
  const stored = useLiveQuery(() => getMeta('invoicing'));
  return query.data ?? stored;
}
