/** Bulk price update request (issue #15): which products, how the price changes and how it is rounded. */
import { PRICE_ROUNDINGS } from '../price-update';
import { hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE, z } from './common';

const id = z.coerce.number({ error: 'debe ser un número' }).int('debe ser un número entero').positive('no es válido');

export const priceUpdateBody = z
  .object({
    scope: z.enum(['category', 'brand', 'selection'], { error: 'debe ser categoría, marca o selección' }),
    categoryId: id.optional(),
    brandId: id.optional(),
    productIds: z.array(id, { error: 'debe ser una lista' }).max(10_000, 'no puede superar 10000 productos').optional(),
    mode: z.enum(['percent', 'amount'], { error: 'debe ser porcentaje o monto fijo' }),
    value: z.coerce
      .number({ error: 'debe ser un número' })
      .finite('debe ser un número')
      .min(-1e9, 'es demasiado chico')
      .max(1e9, 'es demasiado grande')
      .refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE),
    rounding: z.enum(PRICE_ROUNDINGS, { error: 'debe ser none, 10, 100 o 99' }).default('none'),
  })
  .superRefine((v, ctx) => {
    if (v.scope === 'category' && !v.categoryId) ctx.addIssue({ code: 'custom', path: ['categoryId'], message: 'es obligatoria' });
    if (v.scope === 'brand' && !v.brandId) ctx.addIssue({ code: 'custom', path: ['brandId'], message: 'es obligatoria' });
    if (v.scope === 'selection' && !v.productIds?.length) ctx.addIssue({ code: 'custom', path: ['productIds'], message: 'debe incluir al menos un producto' });
    if (v.mode === 'percent' && (v.value <= -100 || v.value > 1000)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'debe estar entre -99,99 % y 1000 %' });
    }
  });

export type PriceUpdateInput = z.output<typeof priceUpdateBody>;

/** One line of the preview: the price before and after (decimal money). */
export const priceChangeDto = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  oldPrice: z.number(),
  newPrice: z.number(),
});
export type PriceChangeDto = z.infer<typeof priceChangeDto>;

/** What an applied update changed: how many products, and the catalogue revision after it (null when none changed). */
export const priceApplyDto = z.object({ updated: z.number().int(), revision: z.number().int().nullable() });
