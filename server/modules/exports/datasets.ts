/**
 * What each export holds: its Spanish column headers, the kind of each cell (which decides the es-AR
 * format in CSV and the number format in Excel) and how a database row becomes a line. Sales are one
 * line per item with the sale's figures repeated, so a spreadsheet can filter and sum either; they show
 * what returns took back (units per item, money per sale), the net total, and whether the sale is revenue
 * (domain/revenue.ts: paid and not refunded): revenue = Σ over sales counted of their net total.
 */
import { CONTACT_STATUS_LABELS, labelOf, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '../../../domain/labels';
import { CBTE_TIPO_LABELS, DOC_TIPO_LABELS, ivaRateFromBp, type CbteTipo, type DocTipo } from '../../../domain/invoicing/codes';
import type { ExportDataset } from '../../../domain/schemas/exports';
import { STOCK_REASON_LABELS } from '../../../domain/schemas/stock';
import type { Q } from '../../db/store';
import { CUSTOMER_DOC_TYPE_LABELS, type CustomerDocType } from '../../../domain/customers';
import { CONDICION_IVA_LABELS, type CondicionIvaReceptor } from '../../../domain/invoicing/codes';
import { customersRepository } from '../customers/repository';
import { exportsRepository as repo, PAGE_SIZE, type Range } from './repository';

export type CellKind = 'text' | 'money' | 'int' | 'percent' | 'datetime' | 'bool';
export interface Column {
  header: string;
  kind: CellKind;
  width?: number;
}
/** Money cells hold integer cents; datetimes hold UTC ISO strings; bools hold 0/1. */
export type Cell = string | number | null;

export interface Dataset {
  title: string;
  dated: boolean;
  columns: Column[];
  /** The next page of lines after the row with id `afterId`, and the last id read (null at the end). */
  page: (q: Q, afterId: number, range: Range) => Promise<{ lines: Cell[][]; lastId: number | null }>;
}

const col = (header: string, kind: CellKind = 'text', width?: number): Column => ({ header, kind, width });

function paged<R extends { id: number }>(read: (q: Q, afterId: number, range: Range) => Promise<R[]>, line: (row: R) => Cell[]) {
  return async (q: Q, afterId: number, range: Range) => {
    const rows = await read(q, afterId, range);
    return { lines: rows.map(line), lastId: rows.length > 0 ? rows[rows.length - 1].id : null };
  };
}

export const DATASETS: Record<ExportDataset, Dataset> = {
  productos: {
    title: 'Productos',
    dated: false,
    columns: [
      col('Código', 'text', 14), col('Nombre', 'text', 32), col('Descripción', 'text', 32), col('Categoría', 'text', 16), col('Marca', 'text', 16),
      col('Precio', 'money'), col('Costo', 'money'), col('Stock', 'int'), col('Stock mínimo', 'int'), col('IVA %', 'percent'),
      col('Activo', 'bool'), col('En catálogo', 'bool'),
    ],
    page: paged(
      (q, afterId) => repo.products(q, afterId),
      (r) => [r.code, r.name, r.description, r.categoryName, r.brandName, r.priceCents, r.costCents, r.stock, r.minStock, ivaRateFromBp(r.ivaRateBp), r.active, r.showInCatalog],
    ),
  },
  ventas: {
    title: 'Ventas',
    dated: true,
    columns: [
      col('Número', 'text', 20), col('Fecha', 'datetime', 17), col('Estado'), col('Medio de pago', 'text', 15), col('Vendedor', 'text', 20),
      col('Cliente', 'text', 20), col('Documento'), col('Código'), col('Producto', 'text', 30), col('Cantidad', 'int'),
      col('Precio unitario', 'money'), col('Subtotal ítem', 'money'), col('Devueltas', 'int'), col('Descuento de la venta', 'money'),
      col('Total de la venta', 'money'), col('Devuelto de la venta', 'money'), col('Total neto de la venta', 'money'), col('Reembolsada', 'bool'),
      col('Cuenta como ingreso', 'bool'),
    ],
    page: paged(repo.saleItems, (r) => [
      r.saleNumber, r.saleDate, labelOf(PAYMENT_STATUS_LABELS, r.paymentStatus), labelOf(PAYMENT_METHOD_LABELS, r.paymentMethod), r.seller,
      r.customerName, r.customerDocument, r.code, r.productName, r.quantity, r.unitPriceCents, r.subtotalCents, r.returnedQuantity, r.discountCents,
      r.totalCents, r.saleReturnedCents, r.totalCents - r.saleReturnedCents, r.refunded, r.revenue,
    ]),
  },
  facturas: {
    title: 'Facturas',
    dated: true,
    columns: [
      col('Fecha', 'datetime', 17), col('Comprobante'), col('Punto de venta', 'int'), col('Número', 'int'), col('Venta', 'text', 20),
      col('Tipo de documento'), col('Documento'), col('Neto', 'money'), col('IVA', 'money'), col('Total', 'money'), col('Estado'),
      col('Autorización'), col('CAE / CAEA', 'text', 16), col('Vencimiento'), col('Ambiente'),
    ],
    page: paged(repo.invoices, (r) => [
      r.createdAt, CBTE_TIPO_LABELS[r.cbteTipo as CbteTipo] ?? String(r.cbteTipo), r.ptoVta, r.cbteNro, r.saleNumber,
      DOC_TIPO_LABELS[r.docTipo as DocTipo] ?? String(r.docTipo), r.docNro, r.netCents, r.ivaCents, r.totalCents, labelOf({}, r.status),
      r.authorization, r.cae, r.caeVto, r.environment === 'produccion' ? 'Producción' : 'Homologación',
    ]),
  },
  'movimientos-stock': {
    title: 'Movimientos de stock',
    dated: true,
    columns: [
      col('Fecha', 'datetime', 17), col('Código'), col('Producto', 'text', 30), col('Motivo', 'text', 22), col('Cantidad', 'int'),
      col('Venta', 'text', 20), col('Usuario', 'text', 20), col('Nota', 'text', 30),
    ],
    page: paged(repo.movements, (r) => [r.createdAt, r.code, r.productName, labelOf(STOCK_REASON_LABELS, r.reason), r.delta, r.saleNumber, r.userName, r.note]),
  },
  mensajes: {
    title: 'Mensajes',
    dated: true,
    columns: [
      col('Fecha', 'datetime', 17), col('Nombre', 'text', 20), col('Email', 'text', 26), col('Teléfono', 'text', 15), col('Asunto', 'text', 20),
      col('Mensaje', 'text', 40), col('Producto', 'text', 20), col('Estado'), col('Notas', 'text', 30),
    ],
    page: paged(repo.messages, (r) => [r.createdAt, r.name, r.email, r.phone, r.subject, r.message, r.productName, labelOf(CONTACT_STATUS_LABELS, r.status), r.notes]),
  },
  // Issue #33: the customer file, with the headers its import reads back (customers/import-plan.ts).
  clientes: {
    title: 'Clientes',
    dated: false,
    columns: [
      col('Tipo de documento', 'text', 16), col('Documento', 'text', 14), col('Nombre', 'text', 32), col('Condición IVA', 'text', 26),
      col('Dirección', 'text', 30), col('Teléfono', 'text', 16), col('Email', 'text', 26), col('Notas', 'text', 30), col('Cuenta corriente', 'bool'),
      col('Límite de crédito', 'money'), col('Saldo', 'money'), col('Activo', 'bool'),
    ],
    page: paged(
      (q, afterId) => customersRepository.exportPage(q, afterId, PAGE_SIZE),
      (r) => [
        CUSTOMER_DOC_TYPE_LABELS[r.docType as CustomerDocType] ?? String(r.docType), r.docNumber, r.name,
        CONDICION_IVA_LABELS[r.ivaConditionId as CondicionIvaReceptor] ?? String(r.ivaConditionId), r.address, r.phone, r.email, r.notes,
        r.accountEnabled ? 1 : 0, r.creditLimitCents, r.balanceCents, r.active ? 1 : 0,
      ],
    ),
  },
};
