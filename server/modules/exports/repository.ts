/**
 * SQL of the exports: each dataset is read in pages by id (keyset), so an export of any size holds one
 * page in memory and never keeps a cursor open across the stream's pauses (other requests share the
 * connection). Ranges are UTC ISO bounds of whole local days. Aliases are quoted so both dialects keep
 * their case; booleans are read as 0/1 on both (PostgreSQL's are real booleans).
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Q } from '../../db/store';
import { countsAsRevenueOf } from '../sales/revenue-sql';

export interface Range {
  start?: string;
  end?: string;
}
export const PAGE_SIZE = 500;

function inRange(column: SQL, range: Range): SQL {
  const start = range.start ? sql` AND ${column} >= ${range.start}` : sql``;
  const end = range.end ? sql` AND ${column} <= ${range.end}` : sql``;
  return sql`${start}${end}`;
}

export interface ProductExportRow {
  id: number;
  code: string | null;
  name: string;
  description: string | null;
  categoryName: string | null;
  brandName: string | null;
  priceCents: number;
  costCents: number;
  stock: number;
  minStock: number;
  ivaRateBp: number;
  active: number;
  showInCatalog: number;
}

export interface SaleItemExportRow {
  id: number;
  saleNumber: string;
  saleDate: string;
  paymentStatus: string;
  paymentMethod: string;
  seller: string | null;
  customerName: string | null;
  customerDocument: string | null;
  code: string | null;
  productName: string;
  quantity: number;
  unitPriceCents: number;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  returnedQuantity: number;
  saleReturnedCents: number;
  refunded: number;
  /** 1 when the sale is revenue (domain/revenue.ts: paid, not refunded). */
  revenue: number;
}

export interface InvoiceExportRow {
  id: number;
  createdAt: string;
  cbteTipo: number;
  ptoVta: number;
  cbteNro: number | null;
  saleNumber: string;
  docTipo: number;
  docNro: string;
  netCents: number;
  ivaCents: number;
  totalCents: number;
  status: string;
  authorization: string;
  cae: string | null;
  caeVto: string | null;
  environment: string;
}

export interface MovementExportRow {
  id: number;
  createdAt: string;
  code: string | null;
  productName: string;
  reason: string;
  delta: number;
  saleNumber: string | null;
  userName: string | null;
  note: string | null;
}

export interface MessageExportRow {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
  productName: string | null;
  status: string;
  notes: string | null;
}

export const exportsRepository = {
  products: (q: Q, afterId: number) =>
    rows<ProductExportRow>(q, sql`
      SELECT p.id, p.code, p.name, p.description, c.name AS "categoryName", b.name AS "brandName", p.price_cents AS "priceCents",
             p.cost_cents AS "costCents", p.stock, p.min_stock AS "minStock", p.iva_rate_bp AS "ivaRateBp",
             CASE WHEN p.active THEN 1 ELSE 0 END AS active, CASE WHEN p.show_in_catalog THEN 1 ELSE 0 END AS "showInCatalog"
      FROM products p LEFT JOIN categories c ON c.id = p.category_id LEFT JOIN brands b ON b.id = p.brand_id
      WHERE p.deleted_at IS NULL AND p.id > ${afterId} ORDER BY p.id LIMIT ${PAGE_SIZE}`),

  saleItems: (q: Q, afterId: number, range: Range) =>
    rows<SaleItemExportRow>(q, sql`
      SELECT si.id, s.sale_number AS "saleNumber", s.sale_date AS "saleDate", s.payment_status AS "paymentStatus", s.payment_method AS "paymentMethod",
             u.full_name AS seller, s.customer_name AS "customerName", s.customer_document AS "customerDocument", p.code, si.product_name AS "productName",
             si.quantity, si.unit_price_cents AS "unitPriceCents", si.subtotal_cents AS "subtotalCents", s.discount_cents AS "discountCents", s.total_cents AS "totalCents",
             si.returned_quantity AS "returnedQuantity", s.returned_cents AS "saleReturnedCents",
             CASE WHEN s.refunded_at IS NULL THEN 0 ELSE 1 END AS refunded, CASE WHEN ${countsAsRevenueOf('s')} THEN 1 ELSE 0 END AS revenue
      FROM sale_items si JOIN sales s ON s.id = si.sale_id LEFT JOIN users u ON u.id = s.user_id LEFT JOIN products p ON p.id = si.product_id
      WHERE si.id > ${afterId}${inRange(sql`s.sale_date`, range)} ORDER BY si.id LIMIT ${PAGE_SIZE}`),

  invoices: (q: Q, afterId: number, range: Range) =>
    rows<InvoiceExportRow>(q, sql`
      SELECT i.id, i.created_at AS "createdAt", i.cbte_tipo AS "cbteTipo", i.pto_vta AS "ptoVta", i.cbte_nro AS "cbteNro", s.sale_number AS "saleNumber",
             i.doc_tipo AS "docTipo", i.doc_nro AS "docNro", i.net_cents AS "netCents", i.iva_cents AS "ivaCents", i.total_cents AS "totalCents",
             i.status, i.authorization, i.cae, i.cae_vto AS "caeVto", i.environment
      FROM invoices i JOIN sales s ON s.id = i.sale_id
      WHERE i.id > ${afterId}${inRange(sql`i.created_at`, range)} ORDER BY i.id LIMIT ${PAGE_SIZE}`),

  movements: (q: Q, afterId: number, range: Range) =>
    rows<MovementExportRow>(q, sql`
      SELECT m.id, m.created_at AS "createdAt", p.code, p.name AS "productName", m.reason, m.delta, s.sale_number AS "saleNumber",
             u.full_name AS "userName", m.note
      FROM stock_movements m JOIN products p ON p.id = m.product_id LEFT JOIN sales s ON s.id = m.sale_id LEFT JOIN users u ON u.id = m.user_id
      WHERE m.id > ${afterId}${inRange(sql`m.created_at`, range)} ORDER BY m.id LIMIT ${PAGE_SIZE}`),

  messages: (q: Q, afterId: number, range: Range) =>
    rows<MessageExportRow>(q, sql`
      SELECT cm.id, cm.created_at AS "createdAt", cm.name, cm.email, cm.phone, cm.subject, cm.message, p.name AS "productName", cm.status, cm.notes
      FROM contact_messages cm LEFT JOIN products p ON p.id = cm.product_id
      WHERE cm.id > ${afterId}${inRange(sql`cm.created_at`, range)} ORDER BY cm.id LIMIT ${PAGE_SIZE}`),
};
