/**
 * Stock with reasons (issue #15): an owner's adjustment, a product's history and a count session.
 * Quantities are whole units. For ingreso / rotura / devolución the quantity is how many came in or went
 * out (> 0); for a recuento it is the counted stock (≥ 0); for "otro" it is a signed change with a note.
 * A count always carries `shown`, the stock the screen showed when the quantity was counted: the server
 * records counted − shown, so what was sold or adjusted after the count stays (issue #30).
 */
import { optionalText, z } from './common';

export const ADJUSTMENT_REASONS = ['purchase', 'count', 'loss', 'supplier_return', 'other'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/** Every ledger reason with its Spanish label (the history shows them). */
export const STOCK_REASON_LABELS: Record<string, string> = {
  initial: 'Stock inicial',
  sale: 'Venta',
  cancel: 'Cancelación de venta',
  return: 'Devolución de cliente',
  set: 'Edición de stock',
  add: 'Edición de stock',
  subtract: 'Edición de stock',
  purchase: 'Ingreso de mercadería',
  count: 'Recuento',
  loss: 'Rotura / pérdida',
  supplier_return: 'Devolución a proveedor',
  other: 'Otro',
};

const MAX_QUANTITY = 1_000_000;
/** The stock a screen showed (any integer: offline oversells leave it below 0). */
const shownStock = z
  .number({ error: 'debe ser un número entero' })
  .int('debe ser un número entero')
  .min(-1_000_000_000, 'no es un stock válido')
  .max(1_000_000_000, 'no es un stock válido');
const wholeUnits = (min: number) =>
  z.coerce
    .number({ error: 'debe ser un número entero' })
    .int('debe ser un número entero')
    .min(min, min > 0 ? 'debe ser mayor que cero' : 'no puede ser negativo')
    .max(MAX_QUANTITY, `no puede superar ${MAX_QUANTITY}`);

export const stockAdjustmentBody = z
  .object({
    reason: z.enum(ADJUSTMENT_REASONS, { error: 'debe ser ingreso, recuento, rotura, devolución u otro' }),
    quantity: z.coerce
      .number({ error: 'debe ser un número entero' })
      .int('debe ser un número entero')
      .min(-MAX_QUANTITY, `no puede ser menor que -${MAX_QUANTITY}`)
      .max(MAX_QUANTITY, `no puede superar ${MAX_QUANTITY}`),
    note: optionalText(300),
    /** Recuento: the stock the dialog showed when the quantity was counted. */
    shown: shownStock.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'count' && v.shown === undefined) ctx.addIssue({ code: 'custom', path: ['shown'], message: 'es obligatorio en un recuento (el stock que mostraba la pantalla)' });
    if (v.reason === 'other' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'es obligatoria para el motivo "Otro"' });
    if (v.reason === 'other' && v.quantity === 0) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'no puede ser cero' });
    if (v.reason === 'count' && v.quantity < 0) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'no puede ser negativo' });
    if (['purchase', 'loss', 'supplier_return'].includes(v.reason) && v.quantity <= 0) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'debe ser mayor que cero' });
    }
  });

export const stockHistoryQuery = z.object({
  page: z.coerce.number({ error: 'debe ser un número' }).int('debe ser un número entero').min(1, 'debe ser al menos 1').default(1),
  limit: z.coerce.number({ error: 'debe ser un número' }).int('debe ser un número entero').min(1, 'debe ser al menos 1').max(500, 'no puede superar 500').default(50),
});

export const stockCountBody = z.object({
  note: optionalText(300),
  items: z
    .array(
      z.object({
        productId: z.coerce.number({ error: 'debe ser un número' }).int('debe ser un número entero').positive('no es un producto válido'),
        counted: wholeUnits(0),
        /** The stock the row showed when this quantity was counted. */
        shown: shownStock,
      }),
      { error: 'debe ser una lista' },
    )
    .min(1, 'debe incluir al menos un producto')
    .max(5000, 'no puede superar 5000 productos')
    .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, 'un producto aparece dos veces'),
});

export type StockAdjustmentInput = z.output<typeof stockAdjustmentBody>;
export type StockHistoryQuery = z.output<typeof stockHistoryQuery>;
export type StockCountInput = z.output<typeof stockCountBody>;

/** One ledger movement in a product's history, newest first, with the stock right after it. */
export const stockMovementDto = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  reason: z.string(),
  reasonLabel: z.string(),
  delta: z.number().int(),
  balance: z.number().int(),
  note: z.string().nullable(),
  saleId: z.number().int().nullable(),
  saleNumber: z.string().nullable(),
  userName: z.string().nullable(),
});
export type StockMovementDto = z.infer<typeof stockMovementDto>;

/**
 * What a count session applied: one line per product whose count differed from what its row showed
 * (`delta` = counted − shown); `stock` is the stock after it, which keeps `movedMeanwhile`, the sales and
 * adjustments recorded between the count and the apply (0 when nothing moved).
 */
export const stockCountResultDto = z.object({
  applied: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      shown: z.number().int(),
      counted: z.number().int(),
      delta: z.number().int(),
      stock: z.number().int(),
      movedMeanwhile: z.number().int(),
    }),
  ),
  unchanged: z.number().int(),
});
export type StockCountResultDto = z.infer<typeof stockCountResultDto>;

/** An adjustment's result: the new stock and the change it made. */
export const stockAdjustmentDto = z.object({ stock: z.number().int(), delta: z.number().int() });
