/**
 * Product rules. Invariants kept here:
 * - search_text is recomputed (productSearchText) whenever name, code or description may change;
 * - stock only moves through the ledger: 'initial' on create, set/add/subtract on PATCH and on edit, and
 *   a manual change may never leave it negative;
 * - an edit never overwrites what it did not change: only the fields sent are written, a field whose
 *   stored value differs from the editor's `base` is a 409 (someone changed it meanwhile), and a stock
 *   edited from a loaded base moves by the difference, so sales made while the dialog was open stay;
 *   a `stock` sent without `base.stock` is only accepted when it is today's stock (then nothing moves):
 *   any other figure was read before some movement, so it is a 409 and nothing is saved (issue #30);
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
import { isUniqueViolation } from '../../db/constraint';
import type { Q, Store } from '../../db/store';
import { badRequest, conflict, notFound } from '../../http/errors';
import { applyStockDelta, setStock } from '../stock/repository';
import { toCatalogItem, toProductDto } from './dto';
import { productsRepository, type NewProductRow, type ProductReference, type ProductWithNames } from './repository';
import { productSearchText, searchTerms } from './search';

async function requireRow(q: Q, id: number): Promise<ProductWithNames> {
  const row = await productsRepository.findById(q, id);
  if (!row) throw notFound(MSG.productNotFound);
  return row;
}

/** The product an edit starts from, held by this unit until it ends (edits of one product run one at a time). */
async function requireRowForUpdate(tx: Q, id: number): Promise<ProductWithNames> {
  await productsRepository.lock(tx, id);
  return requireRow(tx, id);
}

/** PostgreSQL: a concurrent unit took the code after checkReferences saw it free (products_code_uq). */
const codeTaken = (error: unknown): never => {
  throw isUniqueViolation(error) ? conflict(MSG.productCodeTaken) : error;
};

async function checkReferences(q: Q, input: { code?: string | null; categoryId?: number | null; brandId?: number | null }, selfId = 0) {
  if (input.categoryId && !(await productsRepository.referenceExists(q, 'categoryId', input.categoryId))) throw badRequest(MSG.categoryRefMissing);
  if (input.brandId && !(await productsRepository.referenceExists(q, 'brandId', input.brandId))) throw badRequest(MSG.brandRefMissing);
  if (input.code && (await productsRepository.findByCode(q, input.code, selfId))) throw conflict(MSG.productCodeTaken);
}

/** Live products that point to this category or brand (asked before deleting one). */
export function countProductsUsing(q: Q, column: ProductReference, id: number): Promise<number> {
  return productsRepository.countUsing(q, column, id);
}

/** Products of a deleted category or brand move to `toId` or to none. */
export async function reassignProducts(q: Q, column: ProductReference, fromId: number, toId: number | null): Promise<void> {
  await productsRepository.reassign(q, column, fromId, toId);
}

const productOn = async (q: Q, id: number): Promise<ProductDto> => toProductDto(await requireRow(q, id));

export function getProduct(store: Store, id: number): Promise<ProductDto> {
  return store.read((q) => productOn(q, id));
}

export async function listProducts(store: Store, query: ProductListQuery): Promise<{ data: ProductDto[]; total: number }> {
  const { search, page, limit, ...filters } = query;
  const { rows, total } = await store.read((q) =>
    productsRepository.list(q, { ...filters, search: searchTerms(search) }, { limit, offset: (page - 1) * limit }),
  );
  return { data: rows.map(toProductDto), total };
}

export async function listCatalog(store: Store, query: CatalogQuery): Promise<{ data: CatalogItemDto[]; total: number }> {
  const { rows, total } = await store.read((q) =>
    productsRepository.catalog(q, { search: searchTerms(query.search), categoryId: query.categoryId }, { limit: query.limit, offset: (query.page - 1) * query.limit }),
  );
  return { data: rows.map(toCatalogItem), total };
}

export function createProduct(store: Store, input: ProductCreateInput, userId: number): Promise<ProductDto> {
  return store.write(async (tx) => {
    await checkReferences(tx, input);
    const { id } = await productsRepository.insert(tx, {
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
    if (input.stock !== 0) await applyStockDelta(tx, id, input.stock, 'initial', { userId });
    return productOn(tx, id);
  }).catch(codeTaken);
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

export function updateProduct(store: Store, id: number, input: ProductUpdateInput, userId: number): Promise<ProductDto> {
  return store.write(async (tx) => {
    const current = await requireRowForUpdate(tx, id);
    const { price, cost, stock, base, ivaRate, ...fields } = input;
    if (base && changedMeanwhile(toProductDto(current), base, input).length > 0) {
      throw conflict(MSG.productChangedWhileEditing, { product: toProductDto(current) });
    }
    // Without what it read, a stock figure cannot be told from one read before a sale: never a movement.
    if (stock !== undefined && base?.stock === undefined && stock !== current.stock) {
      throw conflict(MSG.productStockWithoutBase, { product: toProductDto(current) });
    }
    await checkReferences(tx, input, id);
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
    if (Object.values(patch).some((v) => v !== undefined)) await productsRepository.update(tx, id, patch);
    if (stock !== undefined && base?.stock !== undefined) await adjustStock(tx, current.stock, stock - base.stock, userId, id);
    return productOn(tx, id);
  }).catch(codeTaken);
}

/** An edit relative to what the editor loaded: the same difference applied to today's stock. */
async function adjustStock(tx: Q, now: number, delta: number, userId: number, id: number): Promise<void> {
  if (delta === 0) return;
  if (now + delta < 0) throw badRequest(MSG.stockNegative, { stock: now });
  await applyStockDelta(tx, id, delta, delta > 0 ? 'add' : 'subtract', { userId });
}

export function deleteProduct(store: Store, id: number): Promise<void> {
  return store.write(async (tx) => {
    await requireRowForUpdate(tx, id);
    await productsRepository.softDelete(tx, id);
  });
}

/** PATCH /products/:id/stock: `set` to an absolute value, or `add` / `subtract` an amount. */
export function changeStock(store: Store, id: number, input: StockPatchInput, userId: number): Promise<ProductDto> {
  return store.write(async (tx) => {
    const current = await requireRowForUpdate(tx, id);
    const target =
      input.operation === 'set' ? input.stock : input.operation === 'add' ? current.stock + input.stock : current.stock - input.stock;
    if (target < 0) throw badRequest(MSG.stockNegative, { stock: current.stock });
    if (input.operation === 'set') await setStock(tx, id, target, { userId });
    else if (input.stock !== 0) await applyStockDelta(tx, id, target - current.stock, input.operation, { userId });
    return productOn(tx, id);
  });
}
