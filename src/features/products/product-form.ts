/**
 * The product form's values (strings, as typed), checked with the server's own schema (productCreateBody,
 * docs/spec.md §5): Nombre, Precio and Stock are required; cost blank → 0; stock and minimum stock are
 * integers (minimum stock blank → 5). Money is read first as an es-AR amount (domain/money-input.ts). An edit sends only the fields the user changed, each with the value the
 * dialog loaded (`base`), so the server keeps sales made meanwhile and refuses a stale overwrite.
 * The IVA rate (21 % by default) is what Factura A/B break amounts down by.
 */
import { LIMITS } from '../../../domain/constants';
import { DEFAULT_IVA_RATE, type IvaRate } from '../../../domain/invoicing/codes';
import { fromCents } from '../../../domain/money';
import { parseMoneyInput } from '../../../domain/money-input';
import { productCreateBody } from '../../../domain/schemas/products';
import { z } from '../../../domain/schemas/common';
import type { Product, ProductPayload } from '../../api/products';
import { checkWithSchema, type FieldErrors } from '../../ui/schema-form';

export interface ProductFormValues {
  code: string;
  name: string;
  description: string;
  categoryId: string | null;
  brandId: string | null;
  price: string;
  cost: string;
  stock: string;
  minStock: string;
  image: string | null;
  showInCatalog: boolean;
  active: boolean;
  ivaRate: IvaRate;
}

/** The subject of each field that shows its own error, for "El precio es obligatorio". */
const SUBJECTS = {
  code: 'El código',
  name: 'El nombre',
  price: 'El precio',
  cost: 'El costo',
  stock: 'El stock',
  minStock: 'El stock mínimo',
};

export type ProductFormErrors = FieldErrors<keyof typeof SUBJECTS>;

export const emptyProductForm = (): ProductFormValues => ({
  code: '',
  name: '',
  description: '',
  categoryId: null,
  brandId: null,
  price: '',
  cost: '',
  stock: '',
  minStock: String(LIMITS.defaultMinStock),
  image: null,
  showInCatalog: true,
  active: true,
  ivaRate: DEFAULT_IVA_RATE,
});

/** 1234.5 → "1234,50" (the decimal comma an es-AR user types; no thousands dot, which the reader also accepts). */
const decimalText = (n: number) => n.toFixed(2).replace('.', ',').replace(/,00$/, '');

export const productToForm = (p: Product): ProductFormValues => ({
  code: p.code ?? '',
  name: p.name,
  description: p.description ?? '',
  categoryId: p.categoryId === null ? null : String(p.categoryId),
  brandId: p.brandId === null ? null : String(p.brandId),
  price: decimalText(p.price),
  cost: p.cost === undefined ? '' : decimalText(p.cost),
  stock: String(p.stock),
  minStock: String(p.minStock),
  image: p.image,
  showInCatalog: p.showInCatalog,
  active: p.active,
  ivaRate: p.ivaRate ?? DEFAULT_IVA_RATE,
});

/** A stock the dialog loaded and the user left alone: any integer (an offline oversell leaves it below 0). */
const withLoadedStock = productCreateBody.extend({ stock: z.number().int() });

/** Either the payload to send or the errors to show next to each field. `loaded`: the product being edited. */
export function parseProductForm(v: ProductFormValues, loaded?: Product | null): { payload: ProductPayload } | { errors: ProductFormErrors } {
  const stockUntouched = loaded !== undefined && loaded !== null && v.stock.trim() === String(loaded.stock);
  // Money as typed, read es-AR ("1.500" = 1500, "12.345,50"), the same reader as every money field.
  const price = parseMoneyInput(v.price);
  const cost = parseMoneyInput(v.cost);
  const checked = checkWithSchema(
    stockUntouched ? withLoadedStock : productCreateBody,
    {
      ...v,
      price: price.ok && price.cents !== null ? fromCents(price.cents) : undefined,
      cost: cost.ok && cost.cents !== null ? fromCents(cost.cents) : null,
      stock: stockUntouched ? loaded.stock : v.stock,
    },
    SUBJECTS,
  );
  const errors: ProductFormErrors = { ...checked.errors };
  if (!price.ok) errors.price = price.message;
  if (!cost.ok) errors.cost = cost.message;
  if (checked.data === null || Object.keys(errors).length > 0) return { errors };
  return { payload: checked.data };
}

type EditableField = keyof ProductPayload;
const sameValue = (field: EditableField, a: unknown, b: unknown) =>
  field === 'price' || field === 'cost' ? Math.round(Number(a) * 100) === Math.round(Number(b) * 100) : a === b;

/** The PUT body of an edit: only the changed fields, and `base` with what the dialog loaded for them. */
export function productEdit(loaded: Product, payload: ProductPayload): Partial<ProductPayload> & { base: Partial<ProductPayload> } {
  const changes: Partial<Record<EditableField, unknown>> = {};
  const base: Partial<Record<EditableField, unknown>> = {};
  for (const field of Object.keys(payload) as EditableField[]) {
    // A field the reply did not carry (cost hidden from sellers) is never sent.
    if (loaded[field] === undefined || sameValue(field, payload[field], loaded[field])) continue;
    changes[field] = payload[field];
    base[field] = loaded[field];
  }
  return { ...(changes as Partial<ProductPayload>), base: base as Partial<ProductPayload> };
}
