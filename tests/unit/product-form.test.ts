/**
 * The product form checks its values with the server's own schema (productCreateBody): the spec's
 * messages under each field, es-AR money, and a payload the server accepts as it is.
 */
import { describe, expect, it } from 'vitest';
import { MONEY_INPUT_MSG } from '../../domain/money-input';
import { productCreateBody, type ProductDto } from '../../domain/schemas/products';
import { emptyProductForm, parseProductForm, productToForm, type ProductFormValues } from '../../src/features/products/product-form';

const form = (values: Partial<ProductFormValues>): ProductFormValues => ({ ...emptyProductForm(), ...values });

const loaded: ProductDto = {
  id: 7,
  code: '7791234000017',
  name: 'Mouse',
  description: null,
  price: 1500,
  cost: 900,
  stock: -2,
  minStock: 5,
  categoryId: null,
  brandId: null,
  showInCatalog: true,
  image: null,
  active: true,
  ivaRate: 21,
  category: null,
  brand: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
};

describe('parseProductForm', () => {
  it('names each missing required field with the spec text', () => {
    expect(parseProductForm(form({}))).toEqual({
      errors: { name: 'El nombre es obligatorio', price: 'El precio es obligatorio', stock: 'El stock es obligatorio' },
    });
  });

  it('refuses a stock or minimum stock that is not a whole number, and a negative stock', () => {
    const base = { name: 'Cable', price: '100' };
    expect(parseProductForm(form({ ...base, stock: '1,5', minStock: 'x' }))).toEqual({
      errors: { stock: 'El stock debe ser un número entero', minStock: 'El stock mínimo debe ser un número entero' },
    });
    expect(parseProductForm(form({ ...base, stock: '-3' }))).toEqual({ errors: { stock: 'El stock no puede ser negativo' } });
  });

  it('reads money es-AR and refuses ambiguous amounts with the money reader’s reason', () => {
    expect(parseProductForm(form({ name: 'Cable', price: '1.50', cost: '1,505', stock: '3' }))).toEqual({
      errors: { price: MONEY_INPUT_MSG.dotDecimals, cost: MONEY_INPUT_MSG.tooManyDecimals },
    });
    const parsed = parseProductForm(form({ name: ' Cable HDMI ', price: '12.345,50', stock: '4', minStock: '', code: ' ' }));
    expect(parsed).toMatchObject({ payload: { name: 'Cable HDMI', price: 12345.5, cost: 0, stock: 4, minStock: 5, code: null } });
  });

  it('gives a payload the server schema accepts unchanged', () => {
    const parsed = parseProductForm(form({ name: 'Cable', price: '999,99', cost: '500', stock: '10', categoryId: '3', ivaRate: 10.5 }));
    if (!('payload' in parsed)) throw new Error(JSON.stringify(parsed));
    expect(productCreateBody.parse(parsed.payload)).toEqual(parsed.payload);
  });

  it('keeps an untouched stock the dialog loaded, even below 0 after an offline oversell', () => {
    expect(parseProductForm(productToForm(loaded), loaded)).toMatchObject({ payload: { stock: -2, price: 1500, cost: 900 } });
    expect(parseProductForm({ ...productToForm(loaded), stock: '-1' }, loaded)).toEqual({ errors: { stock: 'El stock no puede ser negativo' } });
  });

  it('puts an issue of a field without its own input in the form-level message', () => {
    expect(parseProductForm(form({ name: 'Cable', price: '1', stock: '1', image: 'javascript:alert(1)' }))).toEqual({
      errors: { form: 'Imagen: debe ser una ruta /uploads/... o una URL http(s)' },
    });
  });
});
