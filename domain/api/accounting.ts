/** The accountant's files (issue #37, admin): Libro IVA Digital — ventas. Replies are the files, not the envelope. */
import { accountingPeriodQuery, ivaSimpleQuery, libroIvaParams } from '../schemas/accounting';
import { endpoint } from './endpoint';

export const accountingApi = {
  /** The period's vouchers as an Excel sheet for the accountant (one row per voucher, credit notes negative). */
  salesBook: endpoint('GET /accounting/sales-book', { query: accountingPeriodQuery, reply: null }),
  /** IVA Simple's débito-fiscal summary (CSV) of the period's A and B vouchers. */
  ivaSimple: endpoint('GET /accounting/iva-simple', { query: ivaSimpleQuery, reply: null }),
  libroIva: endpoint('GET /accounting/libro-iva/:file', { params: libroIvaParams, query: accountingPeriodQuery, reply: null }),
};
