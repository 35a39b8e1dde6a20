/**
 * TanStack Query hooks of the invoices resource. Every key starts with 'invoices', so invalidating
 * ['invoices'] after an issue or a retry refreshes the status counts, the lists and the sale's invoice.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchArcaSettings,
  fetchCaeaContingency,
  fetchDocumentTypes,
  fetchInvoices,
  fetchInvoiceTypes,
  fetchInvoicingStatus,
  fetchPendingInvoices,
  fetchSaleInvoice,
  retryInvoice,
  type InvoiceListQuery,
} from '../../api/invoices';
import { unwrap, unwrapPage } from '../../api/unwrap';

export const invoiceKeys = {
  all: ['invoices'] as const,
  status: ['invoices', 'status'] as const,
  /** The counter's own read of the status (its own options), refreshed with the others. */
  counterStatus: ['invoices', 'status', 'counter'] as const,
  types: ['invoices', 'tipos-comprobante'] as const,
  docTypes: ['invoices', 'tipos-documento'] as const,
  sale: (saleId: number) => ['invoices', 'sale', saleId] as const,
  list: (query: InvoiceListQuery) => ['invoices', 'list', query] as const,
  pending: ['invoices', 'pending'] as const,
  settings: ['invoices', 'settings'] as const,
  caea: ['invoices', 'caea'] as const,
};

/** GET /invoices/status. docs/spec.md §7: when it fails the screens treat ARCA as not configured. */
export const useInvoicingStatus = () => useQuery({ queryKey: invoiceKeys.status, queryFn: () => unwrap(fetchInvoicingStatus()), retry: 1 });

export const useInvoiceTypes = (enabled: boolean) =>
  useQuery({ queryKey: invoiceKeys.types, queryFn: () => unwrap(fetchInvoiceTypes()), enabled, staleTime: Infinity });

export const useDocumentTypes = (enabled: boolean) =>
  useQuery({ queryKey: invoiceKeys.docTypes, queryFn: () => unwrap(fetchDocumentTypes()), enabled, staleTime: Infinity });

export const useSaleInvoice = (saleId: number, enabled = true) => useQuery({ queryKey: invoiceKeys.sale(saleId), queryFn: () => unwrap(fetchSaleInvoice(saleId)), enabled });

export const useInvoiceList = (query: InvoiceListQuery) =>
  useQuery({ queryKey: invoiceKeys.list(query), queryFn: () => unwrapPage(fetchInvoices(query)), placeholderData: keepPreviousData });

export const usePendingInvoices = () => useQuery({ queryKey: invoiceKeys.pending, queryFn: () => unwrap(fetchPendingInvoices()) });

/** GET /invoices/caea (admin): CAEAs held and CAEA invoices not reported or rejected. */
export const useCaeaContingency = (enabled: boolean) => useQuery({ queryKey: invoiceKeys.caea, queryFn: () => unwrap(fetchCaeaContingency()), enabled });

export const useArcaSettings = () => useQuery({ queryKey: invoiceKeys.settings, queryFn: () => unwrap(fetchArcaSettings()), retry: false });

/** POST /invoices/:id/retry (admin); resolves to the ApiResult so the caller shows its message. */
export function useRetryInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => retryInvoice(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
