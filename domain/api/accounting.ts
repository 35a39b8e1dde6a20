/** The accountant's files (issue #37, admin): Libro IVA Digital — ventas (replies are the files, not the envelope), and the monotributo tracker. */
import { accountingPeriodQuery, ivaSimpleQuery, libroIvaParams } from '../schemas/accounting';
import { monotributoQuery, monotributoSettingsBody, monotributoSettingsDto, monotributoStatusDto } from '../schemas/monotributo';
import { endpoint } from './endpoint';

export const accountingApi = {
  /** The period's vouchers as an Excel sheet for the accountant (one row per voucher, credit notes negative). */
  salesBook: endpoint('GET /accounting/sales-book', { query: accountingPeriodQuery, reply: null }),
  /** IVA Simple's débito-fiscal summary (CSV) of the period's A and B vouchers. */
  ivaSimple: endpoint('GET /accounting/iva-simple', { query: ivaSimpleQuery, reply: null }),
  libroIva: endpoint('GET /accounting/libro-iva/:file', { params: libroIvaParams, query: accountingPeriodQuery, reply: null }),
  /** The rolling 12-month total against the shop's monotributo category (dashboard card). */
  monotributo: endpoint('GET /accounting/monotributo', { query: monotributoQuery, reply: monotributoStatusDto }),
  monotributoSettings: endpoint('GET /accounting/monotributo/settings', { reply: monotributoSettingsDto }),
  /** Replaces the category table (with its source and date) and the shop's category. */
  saveMonotributoSettings: endpoint('PUT /accounting/monotributo/settings', { body: monotributoSettingsBody, reply: monotributoSettingsDto }),
};
