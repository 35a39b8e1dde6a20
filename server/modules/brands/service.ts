/**
 * Brand rules: names are unique (case-insensitive) among non-deleted brands; deleting is soft and, in
 * the same transaction, moves the products that pointed to it to another brand or to none, as the
 * request says (a brand in use is never deleted without that choice).
 */
import { MSG } from '../../../domain/messages';
import type { BrandCreateInput, BrandDto, BrandUpdateInput, DeleteInUseQuery } from '../../../domain/schemas/products';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { countProductsUsing, reassignProducts } from '../products/service';
import { brandsRepository, type BrandRow } from './repository';

const toDto = (row: BrandRow): BrandDto => ({ id: row.id, name: row.name, description: row.description, isActive: row.isActive });

function requireRow(db: Db, id: number): BrandRow {
  const row = brandsRepository.findById(db, id);
  if (!row) throw notFound(MSG.brandNotFound);
  return row;
}

export function listBrands(db: Db, active?: boolean): BrandDto[] {
  return brandsRepository.list(db, active).map(toDto);
}

export function getBrand(db: Db, id: number): BrandDto {
  return toDto(requireRow(db, id));
}

export function createBrand(db: Db, input: BrandCreateInput): BrandDto {
  if (brandsRepository.findByName(db, input.name)) throw conflict(MSG.brandNameTaken);
  return toDto(brandsRepository.insert(db, input));
}

export function updateBrand(db: Db, id: number, input: BrandUpdateInput): BrandDto {
  const current = requireRow(db, id);
  if (input.name && brandsRepository.findByName(db, input.name, id)) throw conflict(MSG.brandNameTaken);
  if (!Object.values(input).some((v) => v !== undefined)) return toDto(current);
  return toDto(brandsRepository.update(db, id, input)!);
}

/**
 * Deletes a brand. If live products use it, the request must say what happens to them (move to another
 * brand or leave them without one); otherwise 409 with the count, so nothing changes silently.
 */
export function deleteBrand(db: Db, id: number, what: DeleteInUseQuery = {}): { products: number } {
  return db.transaction(() => {
    requireRow(db, id);
    const inUse = countProductsUsing(db, 'brandId', id);
    if (inUse > 0 && !what.products) throw conflict(MSG.brandInUse(inUse), { products: inUse });
    const target = what.products === 'move' ? what.moveTo! : null;
    if (target !== null && (target === id || !brandsRepository.findById(db, target))) throw badRequest(MSG.brandMoveTarget);
    brandsRepository.softDelete(db, id);
    reassignProducts(db, 'brandId', id, target);
    return { products: inUse };
  });
}
