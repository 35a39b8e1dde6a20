/** Sales history and dashboard calls of docs/spec.md §7 (list, detail, admin cancel, summary). */
import type { PaymentMethod, PaymentStatus } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import type { SaleJson, SaleListItemJson, SalesSummaryJson } from '../../domain/schemas/sales';
import { api, type Pagination } from './client';

/** GET /sales pagination also carries the filtered period's total (cancelled sales add nothing). */
export type SalesPagination = Pagination & { totalAmount?: number };

export type Sale = SaleJson;
export type SaleListItem = SaleListItemJson;
export type SalesSummary = SalesSummaryJson;

export interface SalesQuery {
  /** YYYY-MM-DD (the whole day in the shop's time zone). */
  startDate?: string;
  endDate?: string;
  paymentMethod?: PaymentMethod | '';
  status?: PaymentStatus;
  flagged?: boolean;
  /** Sale number, customer or product name. */
  search?: string;
  /** The seller. */
  userId?: number;
  page?: number;
  limit?: number;
}

export const fetchSales = (query: SalesQuery) => api('GET /sales', { query: { ...query }, errorMessage: MSG.salesListError });

export const fetchSale = (id: number) => api('GET /sales/:id', { params: { id }, errorMessage: MSG.saleGetError });

export const cancelSale = (id: number) => api('POST /sales/:id/cancel', { params: { id }, errorMessage: MSG.saleCancelError });

/** Summary of the days [startDay, endDay] (YYYY-MM-DD), sent as local datetimes as docs/spec.md §7 says. */
export const fetchSalesSummary = (startDay: string, endDay: string) =>
  api('GET /sales/summary', {
    query: { startDate: `${startDay} 00:00:00`, endDate: `${endDay} 23:59:59` },
    errorMessage: MSG.summaryError,
  });
