/** ARCA electronic invoices (docs/spec.md §7 "Invoices", issue #10): status, code lists, generate, list, settings. */
import { MSG } from '../../domain/messages';
import type {
  ArcaConnectionTestJson,
  ArcaCredentialsBody,
  ArcaSettingsBody,
  ArcaSettingsJson,
  CaeaContingencyJson,
  generateInvoiceBody,
  InvoiceJson,
  InvoiceStatus,
  InvoiceStatusJson,
} from '../../domain/schemas/invoices';
import type { z } from '../../domain/schemas/common';
import { api } from './client';

export type Invoice = InvoiceJson;
export type InvoicingStatus = InvoiceStatusJson;
export type ArcaSettings = ArcaSettingsJson;
export type ConnectionTest = ArcaConnectionTestJson;
export type CaeaContingency = CaeaContingencyJson;
/** Code → label, as the type lists arrive (docs/spec.md §3). */
export type CodeLabels = Record<string, string>;

export interface InvoiceListQuery {
  /** YYYY-MM-DD, whole days in the shop's time zone. */
  startDate?: string;
  endDate?: string;
  page: number;
  limit: number;
  status?: InvoiceStatus;
}

export const fetchInvoicingStatus = () => api('GET /invoices/status', { errorMessage: MSG.arcaStatusError });

export const fetchInvoiceTypes = () => api('GET /invoices/tipos-comprobante', { errorMessage: MSG.invoiceTypesError });

export const fetchDocumentTypes = () => api('GET /invoices/tipos-documento', { errorMessage: MSG.docTypesError });

/** The body as sent (docs/spec.md §3: integers); the server's schema coerces and checks it. */
export type GenerateInvoicePayload = z.input<typeof generateInvoiceBody>;

export const generateInvoice = (saleId: number, body: GenerateInvoicePayload) =>
  api('POST /invoices/generate-for-sale/:saleId', { params: { saleId }, json: body, errorMessage: MSG.invoiceGenerateError });

export const fetchInvoices = (query: InvoiceListQuery) => api('GET /invoices/list', { query: { ...query }, errorMessage: MSG.invoiceListError });

/** The sale's invoice, or null when it has none. */
export const fetchSaleInvoice = (saleId: number) => api('GET /invoices/sale/:saleId', { params: { saleId }, errorMessage: MSG.invoiceGetError });

/** Pending and failed invoices, oldest first. */
export const fetchPendingInvoices = () => api('GET /invoices/pending', { errorMessage: MSG.invoicePendingListError });

export const fetchCaeaContingency = () => api('GET /invoices/caea', { errorMessage: MSG.caeaContingencyError });

export const retryInvoice = (id: number) => api('POST /invoices/:id/retry', { params: { id }, errorMessage: MSG.invoiceGenerateError });

export const fetchArcaSettings = () => api('GET /invoices/settings', { errorMessage: MSG.arcaSettingsGetError });

export const updateArcaSettings = (body: ArcaSettingsBody) =>
  api('PUT /invoices/settings', { json: body, errorMessage: MSG.arcaSettingsUpdateError });

export const uploadArcaCredentials = (body: ArcaCredentialsBody) =>
  api('PUT /invoices/settings/credentials', { json: body, errorMessage: MSG.arcaSettingsUpdateError });

export const testArcaConnection = () => api('POST /invoices/settings/test', { errorMessage: MSG.arcaTestError });
