/**
 * Request schemas of categories, brands and products (docs/spec.md §3, §5, §7).
 * Money arrives as a decimal number or numeric string ("1234.5" or "1234,5"); services turn it into
 * integer cents with toCents. Integers (stock, minStock, order) accept numbers or integer strings.
 */
import { LIMITS, STOCK_OPERATIONS } from '../constants';
import { DEFAULT_IVA_RATE, IVA_RATES, type IvaRate } from '../invoicing/codes';
import { hasAtMostTwoDecimals, queryBool, requiredText, text, TWO_DECIMALS_MESSAGE, z } from './common';

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Required decimal amount ≥ 0: missing → "es obligatorio", text that is not a number → "debe ser un número". */
const decimal = z
  .union([z.number(), z.string().trim().regex(/^-?\d+([.,]\d+)?$/).transform((s) => Number(s.replace(',', '.')))], {
    error: (issue) => (isBlank(issue.input) ? 'es obligatorio' : 'debe ser un número'),
  })
  .pipe(z.number().min(0, 'no puede ser negativo').max(1e10, 'es demasiado grande').refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE));

/** Required integer ≥ 0 (stock, minimum stock, order). */
const wholeNumber = z
  .union([z.number(), z.string().trim().regex(/^-?\d+$/).transform(Number)], {
    error: (issue) => (isBlank(issue.input) ? 'es obligatorio' : 'debe ser un número entero'),
  })
  .pipe(z.number().int('debe ser un número entero').min(0, 'no puede ser negativo').max(1_000_000_000, 'es demasiado grande'));

/** Cost: blank ("" or null) means 0, as the product form does (docs/spec.md §5). */
const cost = z.preprocess((v) => (v === '' || v === null ? 0 : v), decimal.optional());
/** Minimum stock: blank means "not given". */
const minStock = z.preprocess((v) => (v === '' || v === null ? undefined : v), wholeNumber.optional());

/** Optional free text for updates: absent → undefined (keep), "" / null → null (clear). */
const patchText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** A category or brand reference: positive id, or ""/null for none. */
const refId = z.preprocess(
  (v) => (v === '' ? null : v),
  z.coerce.number({ error: 'debe ser un identificador válido' }).int('debe ser un identificador válido').positive('debe ser un identificador válido').nullish(),
);

/** A stored upload path (/uploads/x.webp) or an absolute http(s) URL. */
const imageRef = text()
  .trim()
  .max(1000)
  .refine((v) => v === '' || (/^\/uploads\/[\w\-./]+$/.test(v) && !v.includes('..')) || /^https?:\/\/[^\s]+$/i.test(v), {
    message: 'debe ser una ruta /uploads/... o una URL http(s)',
  })
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

/** Query-string id filter; an empty value means "no filter". */
const queryId = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional());
const querySearch = text().trim().max(200).optional();

/** Product IVA rate in percent: 21 (default), 10.5, 27 or 0 (issue #10; used by Factura A/B). */
const ivaRate = z.coerce
  .number({ error: 'debe ser 21, 10.5, 27 o 0' })
  .refine((v) => (IVA_RATES as readonly number[]).includes(v), 'debe ser 21, 10.5, 27 o 0')
  .transform((v) => v as IvaRate);

// Categories and brands ---------------------------------------------------------------------------

export const categoryCreateBody = z.object({
  name: requiredText(100),
  description: patchText(500).transform((v) => v ?? null),
  order: wholeNumber.optional().default(0),
});

export const categoryUpdateBody = z.object({
  name: requiredText(100).optional(),
  description: patchText(500),
  order: wholeNumber.optional(),
  isActive: z.boolean().optional(),
});

export const brandCreateBody = z.object({
  name: requiredText(100),
  description: patchText(500).transform((v) => v ?? null),
});

export const brandUpdateBody = z.object({
  name: requiredText(100).optional(),
  description: patchText(500),
  isActive: z.boolean().optional(),
});

export const activeQuery = z.object({ active: queryBool.optional() });

/**
 * DELETE of a category or brand that products use: the request must say what happens to them,
 * `products=move&moveTo=<id>` (to another category/brand) or `products=detach` (left without one).
 */
export const deleteInUseQuery = z
  .object({
    products: z.enum(['move', 'detach'], { error: 'debe ser move o detach' }).optional(),
    moveTo: queryId,
  })
  .refine((q) => q.products !== 'move' || q.moveTo !== undefined, { message: 'indicá a cuál mover los productos (moveTo)', path: ['moveTo'] });
export type DeleteInUseQuery = z.output<typeof deleteInUseQuery>;

// Products ----------------------------------------------------------------------------------------

export const productCreateBody = z.object({
  code: patchText(64).transform((v) => v ?? null),
  name: requiredText(200),
  description: patchText(2000).transform((v) => v ?? null),
  price: decimal,
  cost: cost.transform((v) => v ?? 0),
  stock: wholeNumber,
  minStock: minStock.transform((v) => v ?? LIMITS.defaultMinStock),
  categoryId: refId.transform((v) => v ?? null),
  brandId: refId.transform((v) => v ?? null),
  showInCatalog: z.boolean().optional().default(true),
  active: z.boolean().optional().default(true),
  image: imageRef.transform((v) => v ?? null),
  ivaRate: ivaRate.optional().default(DEFAULT_IVA_RATE),
});

const productFields = {
  code: patchText(64),
  name: requiredText(200).optional(),
  description: patchText(2000),
  price: decimal.optional(),
  cost,
  minStock,
  categoryId: refId,
  brandId: refId,
  showInCatalog: z.boolean().optional(),
  active: z.boolean().optional(),
  image: imageRef,
  ivaRate: ivaRate.optional(),
};

/** Any integer, for a stock the form loaded (offline oversells can leave it below 0). */
const loadedStock = z.number({ error: 'debe ser un número entero' }).int('debe ser un número entero').min(-1_000_000_000).max(1_000_000_000);

/**
 * PUT: every field optional; only the fields sent change (null clears an optional one).
 * `base` holds what the editor loaded for the fields it sends. A field whose stored value no longer
 * equals its base was changed by someone else meanwhile → 409, nothing saved. With `base.stock`, the
 * new `stock` is an adjustment relative to what was loaded (sales made meanwhile are kept); without it,
 * a `stock` other than today's is a 409 (it was read before some sale or adjustment: never written).
 */
export const productUpdateBody = z.object({
  ...productFields,
  stock: wholeNumber.optional(),
  base: z.object({ ...productFields, stock: loadedStock.optional() }).optional(),
});

export const stockPatchBody = z.object({
  stock: wholeNumber,
  operation: z.enum(STOCK_OPERATIONS, { error: 'debe ser set, add o subtract' }).optional().default('set'),
});

export const productListQuery = z.object({
  search: querySearch,
  active: queryBool.optional(),
  categoryId: queryId,
  brandId: queryId,
  lowStock: queryBool.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.productManagementLimit).default(20),
});

export const catalogQuery = z.object({
  search: querySearch,
  categoryId: queryId,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.catalogPageSize),
});

export type CategoryCreateInput = z.output<typeof categoryCreateBody>;
export type CategoryUpdateInput = z.output<typeof categoryUpdateBody>;
export type BrandCreateInput = z.output<typeof brandCreateBody>;
export type BrandUpdateInput = z.output<typeof brandUpdateBody>;
export type ProductCreateInput = z.output<typeof productCreateBody>;
export type ProductUpdateInput = z.output<typeof productUpdateBody>;
export type StockPatchInput = z.output<typeof stockPatchBody>;
export type ProductListQuery = z.output<typeof productListQuery>;
export type CatalogQuery = z.output<typeof catalogQuery>;

const namedRef = z.object({ id: z.number().int(), name: z.string() });

/** A product in the public catalogue: never the cost. */
export const catalogItemDto = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  /** Decimal money (2 places). */
  price: z.number(),
  stock: z.number().int(),
  categoryId: z.number().int().nullable(),
  brandId: z.number().int().nullable(),
  image: z.string().nullable(),
  category: namedRef.nullable(),
  brand: namedRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CatalogItemDto = z.infer<typeof catalogItemDto>;

/** A product as the API returns it (decimal money). */
export const productDto = catalogItemDto.extend({
  /** Left out of replies to sellers unless the admin allows it (privacidad/vendedores_ven_costos). */
  cost: z.number().optional(),
  minStock: z.number().int(),
  showInCatalog: z.boolean(),
  active: z.boolean(),
  /** IVA rate in percent (21, 10.5, 27, 0). */
  ivaRate: z.literal(IVA_RATES),
});
export type ProductDto = z.infer<typeof productDto>;

/** A public category (the catalogue's filter): id and name only. */
export const publicCategoryDto = namedRef;

export const categoryDto = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  order: z.number().int(),
  isActive: z.boolean(),
});
export type CategoryDto = z.infer<typeof categoryDto>;

export const brandDto = categoryDto.omit({ order: true });
export type BrandDto = z.infer<typeof brandDto>;

/** How many products use a category or brand (the 409 of a delete without a choice, and its success). */
export const productsInUse = z.object({ products: z.number().int() });

/** A stored upload: its URL (/uploads/<name>.webp) and file name. */
export const uploadedImageDto = z.object({ url: z.string(), filename: z.string() });
export const uploadParams = z.object({ filename: z.string().max(255) });
