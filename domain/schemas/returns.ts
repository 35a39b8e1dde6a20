/**
 * Cancellations and partial returns with their credit notes (issue #11):
 *   POST /sales/:id/cancel   (admin) → SaleJson (the invoiced sale's credit note is issued or left pending)
 *   POST /sales/:id/returns  (admin; a seller within domain/sale-returns-rules.ts) body CreateReturnBody → SaleReturnJson
 *   GET  /sales/:id/returns          → SaleReturnsJson (the returns and every credit note of the sale)
 */
import { invoiceJson } from './invoices';
import { optionalText, z } from './common';

const positiveInt = (what: string) =>
  z.coerce.number({ error: `${what} debe ser un número` }).int(`${what} debe ser un número entero`).positive(`${what} debe ser mayor que 0`);

export const createReturnBody = z.object({
  /** Set by the client once per "Devolución" dialog: a repeated submission gives back the same return. */
  requestId: z.uuid('no es un identificador válido').optional(),
  reason: optionalText(200),
  items: z
    .array(z.object({ saleItemId: positiveInt('El artículo'), quantity: positiveInt('La cantidad').max(100_000, 'La cantidad es demasiado grande') }), {
      error: 'debe ser una lista de artículos',
    })
    .min(1, 'Elegí al menos un artículo a devolver')
    .max(500, 'Demasiados artículos')
    .refine((items) => new Set(items.map((i) => i.saleItemId)).size === items.length, 'Cada artículo puede figurar una sola vez'),
});
export type CreateReturnBody = z.output<typeof createReturnBody>;

export const saleReturnItemJson = z.object({
  saleItemId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  quantity: z.number().int(),
  /** The line gross returned (before the discount share). */
  amount: z.number(),
});
export type SaleReturnItemJson = z.infer<typeof saleReturnItemJson>;

export const saleReturnJson = z.object({
  id: z.number().int(),
  saleId: z.number().int(),
  reason: z.string().nullable(),
  /** Refunded: the lines' gross minus their share of the sale's discount. */
  total: z.number(),
  items: z.array(saleReturnItemJson),
  user: z.object({ id: z.number().int(), fullName: z.string() }),
  createdAt: z.string(),
  /** The partial credit note when the sale was invoiced (pending while ARCA is unreachable), else null. */
  creditNote: invoiceJson.nullable(),
});
export type SaleReturnJson = z.infer<typeof saleReturnJson>;

export const saleReturnsJson = z.object({
  returns: z.array(saleReturnJson),
  /** The credit note of the sale's cancellation, when the cancelled sale was invoiced. */
  cancellationNote: invoiceJson.nullable(),
});
export type SaleReturnsJson = z.infer<typeof saleReturnsJson>;
