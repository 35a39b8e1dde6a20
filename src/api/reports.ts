/** GET /reports/sales (admin): sales by category, seller, hour of day, margin per product and per day. */
import type { SalesReportJson } from '../../domain/schemas/reports';
import { api } from './client';

export type SalesReport = SalesReportJson;

export const fetchSalesReport = (range: { startDate: string; endDate: string }) =>
  api('GET /reports/sales', { query: range, errorMessage: 'Error al cargar los reportes' });
