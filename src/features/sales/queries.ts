/**
 * TanStack Query keys of sales and their payments. The list keys start with 'sales'; one sale's detail
 * and the dashboard's summary have their own prefixes, so they are invalidated by name
 * (`saleKeys.detail`, `salesSummaryKeys.all`) where a change reaches them.
 */
import type { SalesQuery } from '../../api/sales';

export const saleKeys = {
  all: ['sales'] as const,
  list: (query: SalesQuery) => ['sales', 'list', query] as const,
  flaggedCount: ['sales', 'flagged-count'] as const,
  detail: (saleId: number | null) => ['sale', saleId] as const,
};

export const salesSummaryKeys = {
  all: ['sales-summary'] as const,
  range: (start: string, end: string) => ['sales-summary', start, end] as const,
};

export const paymentKeys = {
  settings: ['payments', 'settings'] as const,
  availability: ['payments', 'availability'] as const,
  status: (saleId: number) => ['payment-status', saleId] as const,
};
