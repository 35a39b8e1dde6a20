/**
 * SQL of the accountant's files and the monotributo tracker (issue #37): the authorized vouchers (CAE and CAEA, invoices and credit notes)
 * of one issuer's book (CUIT, environment, simulator or not) whose voucher date (cbte_fch, yyyymmdd) falls in a
 * range, and their IVA per ARCA aliquot id, summed in the database from each voucher's iva_json. Only numbered
 * rows count: a pending or failed voucher never reached ARCA's book. The tracker's 12-month total is summed in
 * the database (credit notes subtracted); its settings are one row of monotributo_settings.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { monotributoSettings } from '../../db/schema';
import { bySql, first, rows, type Q } from '../../db/store';

export interface Book {
  issuerCuit: string;
  environment: 'homologacion' | 'produccion';
  simulator: boolean;
}
/** yyyymmdd bounds, both included. */
export interface FchRange {
  from: string;
  to: string;
}

export interface BookVoucherRow {
  invoiceId: number;
  cbteFch: string;
  cbteTipo: number;
  ptoVta: number;
  cbteNro: number;
  docTipo: number;
  docNro: string;
  buyerName: string | null;
  condicionIvaReceptor: number;
  authorization: string;
  cae: string | null;
  totalCents: number;
  netCents: number;
  ivaCents: number;
}

export interface BookRateRow {
  invoiceId: number;
  alicId: number;
  baseCents: number;
  ivaCents: number;
}

function inBook(book: Book, range: FchRange): SQL {
  return sql`i.status = 'autorizada' AND i.cbte_nro IS NOT NULL AND i.issuer_cuit = ${book.issuerCuit} AND i.environment = ${book.environment}
    AND (CASE WHEN i.simulator THEN 1 ELSE 0 END) = ${book.simulator ? 1 : 0} AND i.cbte_fch >= ${range.from} AND i.cbte_fch <= ${range.to}`;
}

const ORDER = sql`i.cbte_fch, i.pto_vta, i.cbte_tipo, i.cbte_nro`;

/** The aliquots of each voucher, one row per (voucher, aliquot id): SQLite json_each, PostgreSQL jsonb_array_elements. */
function rateRows(q: Q, where: SQL): SQL {
  return bySql(q, {
    sqlite: sql`
      SELECT i.id AS "invoiceId", CAST(json_extract(j.value, '$.id') AS INTEGER) AS "alicId",
             SUM(CAST(json_extract(j.value, '$.baseCents') AS INTEGER)) AS "baseCents", SUM(CAST(json_extract(j.value, '$.ivaCents') AS INTEGER)) AS "ivaCents"
      FROM invoices i, json_each(i.iva_json) j
      WHERE ${where}
      GROUP BY i.id, i.cbte_fch, i.pto_vta, i.cbte_tipo, i.cbte_nro, CAST(json_extract(j.value, '$.id') AS INTEGER)
      ORDER BY ${ORDER}, "alicId"`,
    postgres: sql`
      SELECT i.id AS "invoiceId", (j.value->>'id')::int AS "alicId",
             SUM((j.value->>'baseCents')::bigint)::bigint AS "baseCents", SUM((j.value->>'ivaCents')::bigint)::bigint AS "ivaCents"
      FROM invoices i CROSS JOIN LATERAL jsonb_array_elements(i.iva_json::jsonb) AS j(value)
      WHERE ${where}
      GROUP BY i.id, i.cbte_fch, i.pto_vta, i.cbte_tipo, i.cbte_nro, (j.value->>'id')::int
      ORDER BY ${ORDER}, "alicId"`,
  });
}

const toNumbers = <T extends object>(row: T, keys: (keyof T)[]): T => {
  for (const k of keys) if (row[k] !== null) (row as Record<keyof T, unknown>)[k] = Number(row[k]);
  return row;
};

export interface DebitoRow {
  buyerType: number;
  alicId: number;
  baseCents: number;
  ivaCents: number;
}

/** IVA Simple's buyer type: 1 Responsable Inscripto, 2 monotributista, 3 consumidor final, exento or no alcanzado. */
const BUYER_TYPE = sql`CASE WHEN i.condicion_iva_receptor = 1 THEN 1 WHEN i.condicion_iva_receptor IN (6, 13, 16) THEN 2 ELSE 3 END`;
const SIGN = sql`CASE WHEN i.cbte_tipo IN (3, 8, 13) THEN -1 ELSE 1 END`;

export interface InvoicedTotals {
  /** Invoices (and debit notes), credit notes (positive) and how many vouchers. */
  invoicedCents: number;
  creditedCents: number;
  vouchers: number;
}

export type MonotributoSettingsRow = typeof monotributoSettings.$inferSelect;

export const accountingRepository = {
  /** The book's authorized vouchers of the range summed in the database: invoices and credit notes apart. */
  invoicedTotals: async (q: Q, book: Book, range: FchRange): Promise<InvoicedTotals> => {
    const [r] = await rows<InvoicedTotals>(q, sql`
      SELECT COALESCE(SUM(CASE WHEN i.cbte_tipo IN (3, 8, 13) THEN 0 ELSE i.total_cents END), 0) AS "invoicedCents",
             COALESCE(SUM(CASE WHEN i.cbte_tipo IN (3, 8, 13) THEN i.total_cents ELSE 0 END), 0) AS "creditedCents",
             COUNT(*) AS "vouchers"
      FROM invoices i
      WHERE ${inBook(book, range)}`);
    return toNumbers(r, ['invoicedCents', 'creditedCents', 'vouchers']);
  },

  monotributoSettings: (q: Q): Promise<MonotributoSettingsRow | undefined> => first(q.select().from(monotributoSettings).where(eq(monotributoSettings.id, 1))),

  saveMonotributoSettings: async (q: Q, values: Omit<typeof monotributoSettings.$inferInsert, 'id' | 'updatedAt'>): Promise<MonotributoSettingsRow> => {
    const set = { ...values, updatedAt: new Date().toISOString() };
    return (await first(q.insert(monotributoSettings).values({ id: 1, ...set }).onConflictDoUpdate({ target: monotributoSettings.id, set }).returning()))!;
  },

  /** Every authorized voucher of the book in the range, by date, point of sale, type and number. */
  vouchers: async (q: Q, book: Book, range: FchRange): Promise<BookVoucherRow[]> =>
    (
      await rows<BookVoucherRow>(q, sql`
        SELECT i.id AS "invoiceId", i.cbte_fch AS "cbteFch", i.cbte_tipo AS "cbteTipo", i.pto_vta AS "ptoVta", i.cbte_nro AS "cbteNro",
               i.doc_tipo AS "docTipo", i.doc_nro AS "docNro", i.buyer_name AS "buyerName", i.condicion_iva_receptor AS "condicionIvaReceptor",
               i.authorization, i.cae, i.total_cents AS "totalCents", i.net_cents AS "netCents", i.iva_cents AS "ivaCents"
        FROM invoices i
        WHERE ${inBook(book, range)}
        ORDER BY ${ORDER}`)
    ).map((r) => toNumbers(r, ['invoiceId', 'cbteTipo', 'ptoVta', 'cbteNro', 'docTipo', 'condicionIvaReceptor', 'totalCents', 'netCents', 'ivaCents'])),

  /** The débito fiscal of the A and B vouchers summed per (buyer type, aliquot id), credit notes subtracted. */
  debitoFiscal: async (q: Q, book: Book, range: FchRange): Promise<DebitoRow[]> =>
    (
      await rows<DebitoRow>(
        q,
        bySql(q, {
          sqlite: sql`
            SELECT ${BUYER_TYPE} AS "buyerType", CAST(json_extract(j.value, '$.id') AS INTEGER) AS "alicId",
                   SUM(${SIGN} * CAST(json_extract(j.value, '$.baseCents') AS INTEGER)) AS "baseCents", SUM(${SIGN} * CAST(json_extract(j.value, '$.ivaCents') AS INTEGER)) AS "ivaCents"
            FROM invoices i, json_each(i.iva_json) j
            WHERE ${inBook(book, range)} AND i.cbte_tipo IN (1, 3, 6, 8)
            GROUP BY 1, 2 ORDER BY 1, 2`,
          postgres: sql`
            SELECT ${BUYER_TYPE} AS "buyerType", (j.value->>'id')::int AS "alicId",
                   SUM(${SIGN} * (j.value->>'baseCents')::bigint)::bigint AS "baseCents", SUM(${SIGN} * (j.value->>'ivaCents')::bigint)::bigint AS "ivaCents"
            FROM invoices i CROSS JOIN LATERAL jsonb_array_elements(i.iva_json::jsonb) AS j(value)
            WHERE ${inBook(book, range)} AND i.cbte_tipo IN (1, 3, 6, 8)
            GROUP BY 1, 2 ORDER BY 1, 2`,
        }),
      )
    ).map((r) => toNumbers(r, ['buyerType', 'alicId', 'baseCents', 'ivaCents'])),

  /** Net and IVA per (voucher, aliquot id), in the vouchers' order. */
  rates: async (q: Q, book: Book, range: FchRange): Promise<BookRateRow[]> =>
    (await rows<BookRateRow>(q, rateRows(q, inBook(book, range)))).map((r) => toNumbers(r, ['invoiceId', 'alicId', 'baseCents', 'ivaCents'])),
};
