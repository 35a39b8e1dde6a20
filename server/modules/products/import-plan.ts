/**
 * The plan of a product import, computed from the sheet and today's catalogue without writing anything
 * (the preview shows it; applying recomputes it and refuses if it differs). Rules:
 * - columns are found by their header (accents and case ignored): Código, Nombre and Precio are required;
 *   a column left out keeps the stored value;
 * - a row with a Código that exists updates that product, otherwise it creates one; each row is
 *   validated with the product schema (domain/schemas/products.ts) and refused rows say why in Spanish;
 * - amounts are read as the export writes them ("1.234,56") or as Excel numbers; categories and brands
 *   by name; Activo / En catálogo as Sí / No;
 * - the stock of an existing product is never changed by an import (it moves through the ledger with
 *   "Ajustar stock" or a recount); Stock only sets the initial stock of a new product.
 */
import { createHash } from 'node:crypto';
import { fieldLabel } from '../../../domain/field-labels';
import { ivaRateFromBp } from '../../../domain/invoicing/codes';
import { formatCents, toCents } from '../../../domain/money';
import { parseMoneyInput } from '../../../domain/money-input';
import { productCreateBody, type ProductCreateInput } from '../../../domain/schemas/products';
import type { ImportChange, ImportPreviewDto, ImportRowDto } from '../../../domain/schemas/exports';
import { foldText } from '../../../domain/text';
import type { ImportedProductRow } from './import-repository';
import type { SheetCell } from './sheet-reader';

const HEADERS = {
  code: ['codigo'],
  name: ['nombre'],
  description: ['descripcion'],
  categoryId: ['categoria'],
  brandId: ['marca'],
  price: ['precio'],
  cost: ['costo'],
  stock: ['stock'],
  minStock: ['stock minimo'],
  ivaRate: ['iva %', 'iva'],
  active: ['activo'],
  showInCatalog: ['en catalogo', 'mostrar en catalogo'],
} as const;
type Field = keyof typeof HEADERS;
export const REQUIRED_HEADERS: Record<'code' | 'name' | 'price', string> = { code: 'Código', name: 'Nombre', price: 'Precio' };

export interface Lookups {
  products: ImportedProductRow[];
  categories: { id: number; name: string }[];
  brands: { id: number; name: string }[];
}

export type PlannedRow = ImportRowDto & { input?: ProductCreateInput; productId?: number };
export type Plan = Omit<ImportPreviewDto, 'rows'> & { rows: PlannedRow[] };

/** Which column holds each field; the missing required headers. */
export function mapHeaders(header: SheetCell[]): { columns: Partial<Record<Field, number>>; missing: string[] } {
  const folded = header.map((h) => foldText(String(h ?? '')));
  const columns: Partial<Record<Field, number>> = {};
  for (const [field, names] of Object.entries(HEADERS) as [Field, readonly string[]][]) {
    const index = folded.findIndex((h) => names.includes(h));
    if (index >= 0) columns[field] = index;
  }
  const missing = Object.entries(REQUIRED_HEADERS).filter(([f]) => columns[f as Field] === undefined).map(([, label]) => label);
  return { columns, missing };
}

function textOf(cell: SheetCell): string {
  if (cell === null) return '';
  const s = String(cell).trim();
  return /^'[=+\-@]/.test(s) ? s.slice(1) : s;
}

type Read = { value: unknown } | { error: string };

function readMoney(cell: SheetCell): Read {
  if (typeof cell === 'number') return { value: cell };
  const parsed = parseMoneyInput(textOf(cell));
  if (!parsed.ok) return { error: parsed.message };
  return { value: parsed.cents === null ? '' : parsed.cents / 100 };
}

function readWhole(cell: SheetCell): Read {
  const t = textOf(cell);
  return { value: typeof cell === 'number' ? cell : /^-?\d{1,3}(\.\d{3})+$/.test(t) ? t.replace(/\./g, '') : t };
}

function readBool(cell: SheetCell): Read {
  if (typeof cell === 'boolean') return { value: cell };
  const t = foldText(textOf(cell));
  if (['si', 's', 'true', '1', 'verdadero'].includes(t)) return { value: true };
  if (['no', 'n', 'false', '0', 'falso'].includes(t)) return { value: false };
  return t === '' ? { value: undefined } : { error: 'debe ser Sí o No' };
}

function readRef(cell: SheetCell, refs: { id: number; name: string }[], what: string): Read {
  const t = textOf(cell);
  if (!t) return { value: null };
  const found = refs.find((r) => foldText(r.name) === foldText(t));
  return found ? { value: found.id } : { error: `no existe ${what} «${t}»` };
}

const yesNo = (v: boolean) => (v ? 'Sí' : 'No');

/** The stored values of a product in the schema's input shape (what a column left out keeps). */
function storedInput(p: ImportedProductRow): Record<string, unknown> {
  return {
    code: p.code,
    name: p.name,
    description: p.description,
    price: p.priceCents / 100,
    cost: p.costCents / 100,
    stock: 0,
    minStock: p.minStock,
    categoryId: p.categoryId,
    brandId: p.brandId,
    ivaRate: ivaRateFromBp(p.ivaRateBp),
    active: p.active,
    showInCatalog: p.showInCatalog,
  };
}

function changesOf(p: ImportedProductRow, next: ProductCreateInput, lookups: Lookups): ImportChange[] {
  const refName = (refs: { id: number; name: string }[], id: number | null) => refs.find((r) => r.id === id)?.name ?? '—';
  const pairs: [string, string, string, string][] = [
    ['name', 'Nombre', p.name, next.name],
    ['description', 'Descripción', p.description ?? '', next.description ?? ''],
    ['price', 'Precio', formatCents(p.priceCents), formatCents(toCents(next.price))],
    ['cost', 'Costo', formatCents(p.costCents), formatCents(toCents(next.cost))],
    ['minStock', 'Stock mínimo', String(p.minStock), String(next.minStock)],
    ['categoryId', 'Categoría', refName(lookups.categories, p.categoryId), refName(lookups.categories, next.categoryId)],
    ['brandId', 'Marca', refName(lookups.brands, p.brandId), refName(lookups.brands, next.brandId)],
    ['ivaRate', 'IVA %', String(ivaRateFromBp(p.ivaRateBp)).replace('.', ','), String(next.ivaRate).replace('.', ',')],
    ['active', 'Activo', yesNo(p.active), yesNo(next.active)],
    ['showInCatalog', 'En catálogo', yesNo(p.showInCatalog), yesNo(next.showInCatalog)],
  ];
  return pairs.filter(([, , from, to]) => from !== to).map(([field, label, from, to]) => ({ field, label, from, to }));
}

function planRow(cells: SheetCell[], rowNumber: number, columns: Partial<Record<Field, number>>, lookups: Lookups, byCode: Map<string, ImportedProductRow>, seen: Set<string>): PlannedRow {
  const code = textOf(cells[columns.code ?? -1] ?? null);
  const existing = code ? byCode.get(code) : undefined;
  const input: Record<string, unknown> = existing ? storedInput(existing) : { stock: 0 };
  const errors: string[] = [];
  const failed = new Set<string>();
  for (const field of Object.keys(columns) as Field[]) {
    const cell = cells[columns[field] ?? -1] ?? null;
    if (existing && field === 'stock') continue;
    const read: Read =
      field === 'price' || field === 'cost' ? readMoney(cell)
      : field === 'stock' || field === 'minStock' ? readWhole(cell)
      : field === 'active' || field === 'showInCatalog' ? readBool(cell)
      : field === 'categoryId' ? readRef(cell, lookups.categories, 'la categoría')
      : field === 'brandId' ? readRef(cell, lookups.brands, 'la marca')
      : field === 'ivaRate' ? { value: textOf(cell).replace(/\s*%$/, '').replace(',', '.') || undefined }
      : { value: textOf(cell) };
    if ('error' in read) {
      errors.push(`${fieldLabel([field])}: ${read.error}`);
      failed.add(field);
    } else if (!(field === 'stock' && read.value === '')) input[field] = read.value;
  }
  const name = textOf(cells[columns.name ?? -1] ?? null) || existing?.name || '';
  if (!code) errors.push('Código: es obligatorio para crear o actualizar por código');
  else if (seen.has(code)) errors.push(`Código: «${code}» aparece más de una vez en la planilla`);
  seen.add(code);
  const parsed = productCreateBody.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (!failed.has(String(issue.path[0]))) errors.push(`${fieldLabel(issue.path)}: ${issue.message}`);
    }
  }
  const base = { row: rowNumber, code, name, changes: [] as ImportChange[] };
  if (errors.length > 0 || !parsed.success) return { ...base, action: 'error', errors };
  if (!existing) return { ...base, action: 'create', errors, input: parsed.data };
  const changes = changesOf(existing, parsed.data, lookups);
  return { ...base, action: changes.length > 0 ? 'update' : 'unchanged', changes, errors, input: parsed.data, productId: existing.id };
}

/** The plan of the sheet's data rows (blank rows are skipped); `header` is the first row. */
export function buildPlan(rows: SheetCell[][], columns: Partial<Record<Field, number>>, lookups: Lookups): Plan {
  const byCode = new Map(lookups.products.map((p) => [p.code ?? '', p]));
  const seen = new Set<string>();
  const planned: PlannedRow[] = [];
  rows.slice(1).forEach((cells, i) => {
    if (cells.every((c) => textOf(c) === '')) return;
    planned.push(planRow(cells, i + 2, columns, lookups, byCode, seen));
  });
  const count = (action: string) => planned.filter((r) => r.action === action).length;
  const shown = planned.map(({ input: _input, productId: _id, ...dto }) => dto);
  return {
    rows: planned,
    creates: count('create'),
    updates: count('update'),
    unchanged: count('unchanged'),
    errors: count('error'),
    fingerprint: createHash('sha256').update(JSON.stringify(shown)).digest('hex'),
  };
}
