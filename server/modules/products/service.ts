/**
 * Product rules. Invariants kept here:
 * - search_text is recomputed (productSearchText) whenever name, code or description may change;
 * - stock only moves through the ledger: 'initial' on create, set/add/subtract on PATCH and on edit, and
 *   a manual change may never leave it negative;
 * - an edit never overwrites what it did not change: only the fields sent are written, a field whose
 *   stored value differs from the editor's `base` is a 409 (someone changed it meanwhile), and a stock
 *   edited from a loaded base moves by the difference, so sales made while the dialog was open stay;
 * - a code is unique among non-deleted products; category and brand must exist and not be deleted.
 */
import { MSG } from '../../../domain/messages';
import { ivaRateToBp } from '../../../domain/invoicing/codes';
import { toCents } from '../../../domain/money';
import type {
  CatalogItemDto,
  CatalogQuery,
  ProductCreateInput,
  ProductDto,
  ProductListQuery,
  ProductUpdateInput,
  StockPatchInput,
} from '../../../domain/schemas/products';
import type { Db } from '../../db/client';
import type { Q } from '../../db/store';
import { badRequest, conflict, notFound } from '../../http/errors';
import { applyStockDeltaSqlite as applyStockDelta, setStockSqlite as setStock } from '../stock/repository';
import { toCatalogItem, toProductDto } from './dto';
import { productsRepository, type NewProductRow, type ProductReference } from './repository';
import { productSearchText, searchTerms } from './search';

function requireRow(db: Db, id: number) {
  const row = productsRepository.findById(db, id);
  if (!row) throw notFound(MSG.productNotFound);
  return row;
}

function checkReferences(db: Db, input: { code?: string | null; categoryId?: number | null; brandId?: number | null }, selfId = 0) {
  if (input.categoryId && !productsRepository.referenceExists(db, 'categoryId', input.categoryId)) throw badRequest(MSG.categoryRefMissing);
  if (input.brandId && !productsRepository.referenceExists(db, 'brandId', input.brandId)) throw badRequest(MSG.brandRefMissing);
  if (input.code && productsRepository.findByCode(db, input.code, selfId)) throw conflict(MSG.productCodeTaken);
}

/** Live products that point to this category or brand (asked before deleting one). */
export function countProductsUsing(q: Q, column: ProductReference, id: number): Promise<number> {
  return productsRepository.countUsing(q, column, id);
}

/** Products of a deleted category or brand move to `toId` or to none. */
export async function reassignProducts(q: Q, column: ProductReference, fromId: number, toId: number | null): Promise<void> {
  await productsRepository.reassign(q, column, fromId, toId);
}

export function getProduct(db: Db, id: number): ProductDto {
  return toProductDto(requireRow(db, id));
}

export function listProducts(db: Db, q: ProductListQuery) {
  const { search, page, limit, ...filters } = q;
  const { rows, total } = productsRepository.list(db, { ...filters, search: searchTerms(search) }, { limit, offset: (page - 1) * limit });
  return { data: rows.map(toProductDto), total };
}

export function listCatalog(db: Db, q: CatalogQuery): { data: CatalogItemDto[]; total: number } {
  const { rows, total } = productsRepository.catalog(
    db,
    { search: searchTerms(q.search), categoryId: q.categoryId },
    { limit: q.limit, offset: (q.page - 1) * q.limit },
  );
  return { data: rows.map(toCatalogItem), total };
}

export function createProduct(db: Db, input: ProductCreateInput, userId: number): ProductDto {
  return db.transaction(() => {
    checkReferences(db, input);
    const { id } = productsRepository.insert(db, {
      code: input.code,
      name: input.name,
      description: input.description,
      priceCents: toCents(input.price),
      costCents: toCents(input.cost),
      stock: 0,
      minStock: input.minStock,
      categoryId: input.categoryId,
      brandId: input.brandId,
      showInCatalog: input.showInCatalog,
      active: input.active,
      image: input.image,
      ivaRateBp: ivaRateToBp(input.ivaRate),
      searchText: productSearchText(input),
    });
    if (input.stock !== 0) applyStockDelta(db, id, input.stock, 'initial', { userId });
    return getProduct(db, id);
  });
}

type Base = NonNullable<ProductUpdateInput['base']>;

/** The fields of `base` whose stored value is no longer what the editor loaded. */
function changedMeanwhile(current: ProductDto, base: Base, sent: ProductUpdateInput): string[] {
  return (Object.keys(base) as (keyof Base)[]).filter((field) => {
    if (field === 'stock' || base[field] === undefined || sent[field] === undefined) return false;
    const now = current[field];
    const then = base[field];
    if (field === 'price' || field === 'cost') return toCents(now as number) !== toCents(then as number);
    return now !== then;
  });
}

export function updateProduct(db: Db, id: number, input: ProductUpdateInput, userId: number): ProductDto {
  return db.transaction(() => {
    const current = requireRow(db, id);
    const { price, cost, stock, base, ivaRate, ...fields } = input;
    if (base && changedMeanwhile(toProductDto(current), base, input).length > 0) {
      throw conflict(MSG.productChangedWhileEditing, { product: toProductDto(current) });
    }
    checkReferences(db, input, id);
    const patch: Partial<NewProductRow> = {
      ...fields,
      ivaRateBp: ivaRate === undefined ? undefined : ivaRateToBp(ivaRate),
      priceCents: price === undefined ? undefined : toCents(price),
      costCents: cost === undefined ? undefined : toCents(cost),
    };
    if (fields.name !== undefined || fields.code !== undefined || fields.description !== undefined) {
      patch.searchText = productSearchText({
        name: fields.name ?? current.name,
        code: fields.code === undefined ? current.code : fields.code,
        description: fields.description === undefined ? current.description : fields.description,
      });
    }
    if (Object.values(patch).some((v) => v !== undefined)) productsRepository.update(db, id, patch);
    if (stock !== undefined && base?.stock !== undefined) adjustStock(db, current.stock, stock - base.stock, userId, id);
    else if (stock !== undefined) setStock(db, id, stock, { userId });
    return getProduct(db, id);
  });
}

/** An edit relative to what the editor loaded: the same difference applied to today's stock. */
function adjustStock(db: Db, now: number, delta: number, userId: number, id: number): void {
  if (delta === 0) return;
  if (now + delta < 0) throw badRequest(MSG.stockNegative, { stock: now });
  applyStockDelta(db, id, delta, delta > 0 ? 'add' : 'subtract', { userId });
}

export function deleteProduct(db: Db, id: number): void {
  requireRow(db, id);
  productsRepository.softDelete(db, id);
}

/** PATCH /products/:id/stock: `set` to an absolute value, or `add` / `subtract` an amount. */
export function changeStock(db: Db, id: number, input: StockPatchInput, userId: number): ProductDto {
  return db.transaction(() => {
    const current = requireRow(db, id);
    const target =
      input.operation === 'set' ? input.stock : input.operation === 'add' ? current.stock + input.stock : current.stock - input.stock;
    if (target < 0) throw badRequest(MSG.stockNegative, { stock: current.stock });
    if (input.operation === 'set') setStock(db, id, target, { userId });
    else if (input.stock !== 0) applyStockDelta(db, id, target - current.stock, input.operation, { userId });
    return getProduct(db, id);
  });
}
