/**
 * The product form's values (strings, as typed) and their parsing (spec §5): Nombre, Precio and Stock
 * are required; price and cost are decimals (cost blank → 0); stock and minimum stock are integers
 * (minimum stock blank → 5). An edit sends only the fields the user changed, each with the value the
 * dialog loaded (`base`), so the server keeps sales made meanwhile and refuses a stale overwrite.
 * The IVA rate (21 % by default) is what Factura A/B break amounts down by.
 */
import { LIMITS } from '../../../domain/constants';
import { DEFAULT_IVA_RATE, type IvaRate } from '../../../domain/invoicing/codes';
import type { Product, ProductPayload } from '../../api/products';

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

export type ProductFormErrors = Partial<Record<'name' | 'price' | 'cost' | 'stock' | 'minStock', string>>;

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

/** 1234.5 → "1234,5" (the decimal comma an es-AR user types). */
const decimalText = (n: number) => String(n).replace('.', ',');

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

/** Money as typed: at most 2 decimals (the server refuses more rather than rounding). */
const DECIMAL = /^\d+([.,]\d{1,2})?$/;
const INTEGER = /^\d+$/;
const decimal = (v: string) => Number(v.trim().replace(',', '.'));

/** Either the payload to send or the errors to show next to each field. `loaded`: the product being edited. */
export function parseProductForm(v: ProductFormValues, loaded?: Product | null): { payload: ProductPayload } | { errors: ProductFormErrors } {
  // An untouched stock is taken as loaded (it may be below 0 after an offline oversell).
  const stockUntouched = loaded !== undefined && loaded !== null && v.stock.trim() === String(loaded.stock);
  const errors: ProductFormErrors = {};
  if (!v.name.trim()) errors.name = 'El nombre es obligatorio';
  if (!v.price.trim()) errors.price = 'El precio es obligatorio';
  else if (!DECIMAL.test(v.price.trim())) errors.price = 'Ingresá un precio válido (ej. 1234,50)';
  if (v.cost.trim() && !DECIMAL.test(v.cost.trim())) errors.cost = 'Ingresá un costo válido (ej. 800)';
  if (stockUntouched) {
    // nothing to check
  } else if (!v.stock.trim()) errors.stock = 'El stock es obligatorio';
  else if (!INTEGER.test(v.stock.trim())) errors.stock = 'El stock debe ser un número entero';
  if (v.minStock.trim() && !INTEGER.test(v.minStock.trim())) errors.minStock = 'El stock mínimo debe ser un número entero';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    payload: {
      code: v.code.trim() || null,
      name: v.name.trim(),
      description: v.description.trim() || null,
      categoryId: v.categoryId ? Number(v.categoryId) : null,
      brandId: v.brandId ? Number(v.brandId) : null,
      price: decimal(v.price),
      cost: v.cost.trim() ? decimal(v.cost) : 0,
      stock: stockUntouched ? loaded.stock : Number.parseInt(v.stock, 10),
      minStock: v.minStock.trim() ? Number.parseInt(v.minStock, 10) : LIMITS.defaultMinStock,
      image: v.image,
      showInCatalog: v.showInCatalog,
      active: v.active,
      ivaRate: v.ivaRate,
    },
  };
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
