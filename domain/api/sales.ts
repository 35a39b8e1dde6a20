/** Sales (docs/spec.md §7 "Sales and payments"): every signed-in user records, lists and reads sales. */
import { idParam, z } from '../schemas/common';
import { createSaleBody, dateRangeQuery, saleJson, saleListItemJson, salesListQuery, salesSummaryJson } from '../schemas/sales';
import { endpoint, pagination } from './endpoint';

/** GET /sales pagination also carries the filtered period's revenue in pesos (domain/revenue.ts: paid, not refunded, net of returns). */
export const salesPagination = pagination.extend({ totalAmount: z.number() });

export const salesApi = {
  /** 201 when recorded; 200 with the stored sale when its clientSaleId was already recorded. */
  create: endpoint('POST /sales', { body: createSaleBody, reply: saleJson, status: [201, 200] }),
  list: endpoint('GET /sales', { query: salesListQuery, reply: z.array(saleListItemJson), paginated: salesPagination }),
  summary: endpoint('GET /sales/summary', { query: dateRangeQuery, reply: salesSummaryJson }),
  get: endpoint('GET /sales/:id', { params: idParam, reply: saleJson }),
};
