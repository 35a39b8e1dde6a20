/**
 * Category rules: names are unique (case-insensitive) among non-deleted categories; deleting is soft
 * and, in the same transaction, moves the products that pointed to it to another category or to none, as
 * the request says (a category in use is never deleted without that choice).
 */
import { MSG } from '../../../domain/messages';
import type { CategoryCreateInput, CategoryDto, CategoryUpdateInput, DeleteInUseQuery } from '../../../domain/schemas/products';
import type { Db } from '../../db/client';
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

function requireRow(db: Db, id: number): CategoryRow {
  const row = categoriesRepository.findById(db, id);
  if (!row) throw notFound(MSG.categoryNotFound);
  return row;
}

/** Active, non-deleted categories for the public catalogue filter. */
export function listPublicCategories(db: Db): { id: number; name: string }[] {
  return categoriesRepository.list(db, true).map((row) => ({ id: row.id, name: row.name }));
}

export function listCategories(db: Db, active?: boolean): CategoryDto[] {
  return categoriesRepository.list(db, active).map(toDto);
}

export function getCategory(db: Db, id: number): CategoryDto {
  return toDto(requireRow(db, id));
}

export function createCategory(db: Db, input: CategoryCreateInput): CategoryDto {
  if (categoriesRepository.findByName(db, input.name)) throw conflict(MSG.categoryNameTaken);
  return toDto(categoriesRepository.insert(db, input));
}

export function updateCategory(db: Db, id: number, input: CategoryUpdateInput): CategoryDto {
  const current = requireRow(db, id);
  if (input.name && categoriesRepository.findByName(db, input.name, id)) throw conflict(MSG.categoryNameTaken);
  if (!Object.values(input).some((v) => v !== undefined)) return toDto(current);
  return toDto(categoriesRepository.update(db, id, input)!);
}

/**
 * Deletes a category. If live products use it, the request must say what happens to them (move to another
 * category or leave them without one); otherwise 409 with the count, so nothing changes silently.
 */
export function deleteCategory(db: Db, id: number, what: DeleteInUseQuery = {}): { products: number } {
  return db.transaction(() => {
    requireRow(db, id);
    const inUse = countProductsUsing(db, 'categoryId', id);
    if (inUse > 0 && !what.products) throw conflict(MSG.categoryInUse(inUse), { products: inUse });
    const target = what.products === 'move' ? what.moveTo! : null;
    if (target !== null && (target === id || !categoriesRepository.findById(db, target))) throw badRequest(MSG.categoryMoveTarget);
    categoriesRepository.softDelete(db, id);
    reassignProducts(db, 'categoryId', id, target);
    return { products: inUse };
  });
}
