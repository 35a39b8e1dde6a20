/** ARCA electronic invoices (docs/spec.md §7 "Invoices", issue #10): signed-in users invoice and list; settings, retry and CAEA are admin. */
import { idParam, z } from '../schemas/common';
import {
  arcaConnectionTestJson,
  arcaCredentialsBody,
  arcaSettingsBody,
  arcaSettingsJson,
  caeaContingencyJson,
  codeLabelsJson,
  generateInvoiceBody,
  invoiceJson,
  invoiceListQuery,
  invoiceStatusJson,
  saleIdParam,
} from '../schemas/invoices';
import { endpoint } from './endpoint';

export const invoicesApi = {
  status: endpoint('GET /invoices/status', { reply: invoiceStatusJson }),
  invoiceTypes: endpoint('GET /invoices/tipos-comprobante', { reply: codeLabelsJson }),
  documentTypes: endpoint('GET /invoices/tipos-documento', { reply: codeLabelsJson }),
  ivaConditions: endpoint('GET /invoices/condiciones-iva', { reply: codeLabelsJson }),
  /** 201 when issued now; 200 with the invoice the sale already has. */
  generate: endpoint('POST /invoices/generate-for-sale/:saleId', { params: saleIdParam, body: generateInvoiceBody, reply: invoiceJson, status: [201, 200] }),
  list: endpoint('GET /invoices/list', { query: invoiceListQuery, reply: z.array(invoiceJson), paginated: true }),
  /** null when the sale has no invoice. */
  forSale: endpoint('GET /invoices/sale/:saleId', { params: saleIdParam, reply: invoiceJson.nullable() }),
  pending: endpoint('GET /invoices/pending', { reply: z.array(invoiceJson) }),
  retry: endpoint('POST /invoices/:id/retry', { params: idParam, reply: invoiceJson }),
  caea: endpoint('GET /invoices/caea', { reply: caeaContingencyJson }),
  settings: endpoint('GET /invoices/settings', { reply: arcaSettingsJson }),
  updateSettings: endpoint('PUT /invoices/settings', { body: arcaSettingsBody, reply: arcaSettingsJson }),
  credentials: endpoint('PUT /invoices/settings/credentials', { body: arcaCredentialsBody, reply: arcaSettingsJson }),
  test: endpoint('POST /invoices/settings/test', { reply: arcaConnectionTestJson }),
};
