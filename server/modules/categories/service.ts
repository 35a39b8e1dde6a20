/**
 * Category rules: names are unique (case-insensitive) among non-deleted categories; deleting is soft
 * and, in the same transaction, moves the products that pointed to it to another category or to none, as
 * the request says (a category in use is never deleted without that choice).
 */
import { MSG } from '../../../domain/messages';
import type { CategoryCreateInput, CategoryDto, CategoryUpdateInput, DeleteInUseQuery } from '../../../domain/schemas/products';
import type { Q, Store } from '../../db/store';
import { badRequest, conflict, notFound } from '../../http/errors';
import { countProductsUsing, reassignProducts } from '../products/service';
import { categoriesRepository, type CategoryRow } from './repository';

const toDto = (row: CategoryRow): CategoryDto => ({
  id: row.id,
  name: row.name,
  description: row.description,
  order: row.order,
  isActive: row.isActive,
});

async function requireRow(q: Q, id: number): Promise<CategoryRow> {
  const row = await categoriesRepository.findById(q, id);
  if (!row) throw notFound(MSG.categoryNotFound);
  return row;
}

/** Active, non-deleted categories for the public catalogue filter. */
export async function listPublicCategories(store: Store): Promise<{ id: number; name: string }[]> {
  return (await store.read((q) => categoriesRepository.list(q, true))).map((row) => ({ id: row.id, name: row.name }));
}

export async function listCategories(store: Store, active?: boolean): Promise<CategoryDto[]> {
  return (await store.read((q) => categoriesRepository.list(q, active))).map(toDto);
}

export async function getCategory(store: Store, id: number): Promise<CategoryDto> {
  return toDto(await store.read((q) => requireRow(q, id)));
}

export function createCategory(store: Store, input: CategoryCreateInput): Promise<CategoryDto> {
  return store.write(async (tx) => {
    if (await categoriesRepository.findByName(tx, input.name)) throw conflict(MSG.categoryNameTaken);
    return toDto(await categoriesRepository.insert(tx, input));
  });
}

export function updateCategory(store: Store, id: number, input: CategoryUpdateInput): Promise<CategoryDto> {
  return store.write(async (tx) => {
    const current = await requireRow(tx, id);
    if (input.name && (await categoriesRepository.findByName(tx, input.name, id))) throw conflict(MSG.categoryNameTaken);
    if (!Object.values(input).some((v) => v !== undefined)) return toDto(current);
    return toDto((await categoriesRepository.update(tx, id, input))!);
  });
}

/**
 * Deletes a category. If live products use it, the request must say what happens to them (move to another
 * category or leave them without one); otherwise 409 with the count, so nothing changes silently.
 */
export function deleteCategory(store: Store, id: number, what: DeleteInUseQuery = {}): Promise<{ products: number }> {
  return store.write(async (tx) => {
    await requireRow(tx, id);
    const inUse = await countProductsUsing(tx, 'categoryId', id);
    if (inUse > 0 && !what.products) throw conflict(MSG.categoryInUse(inUse), { products: inUse });
    const target = what.products === 'move' ? what.moveTo! : null;
    if (target !== null && (target === id || !(await categoriesRepository.findById(tx, target)))) throw badRequest(MSG.categoryMoveTarget);
    await categoriesRepository.softDelete(tx, id);
    await reassignProducts(tx, 'categoryId', id, target);
    return { products: inUse };
  });
}
