/**
 * Category rules: names are unique (case-insensitive) among non-deleted categories; deleting is soft
 * and, in the same transaction, leaves the products that pointed to it without a category.
 */
import { MSG } from '../../../domain/messages';
import type { CategoryCreateInput, CategoryDto, CategoryUpdateInput } from '../../../domain/schemas/catalog';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { productsRepository } from '../products/repository';
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

export function deleteCategory(db: Db, id: number): void {
  requireRow(db, id);
  db.transaction(() => {
    categoriesRepository.softDelete(db, id);
    productsRepository.detachCategory(db, id);
  });
}
