/** The accountant's files (issue #37, admin): Libro IVA Digital — ventas. Replies are the files, not the envelope. */
import { accountingPeriodQuery, libroIvaParams } from '../schemas/accounting';
import { endpoint } from './endpoint';

export const accountingApi = {
  /** The period's vouchers as an Excel sheet for the accountant (one row per voucher, credit notes negative). */
  salesBook: endpoint('GET /accounting/sales-book', { query: accountingPeriodQuery, reply: null }),
  libroIva: endpoint('GET /accounting/libro-iva/:file', { params: libroIvaParams, query: accountingPeriodQuery, reply: null }),
};
