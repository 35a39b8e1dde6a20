/**
 * Brand rules: names are unique (case-insensitive) among non-deleted brands; deleting is soft and, in
 * the same transaction, leaves the products that pointed to it without a brand.
 */
import { MSG } from '../../../domain/messages';
import type { BrandCreateInput, BrandDto, BrandUpdateInput } from '../../../domain/schemas/catalog';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { productsRepository } from '../products/repository';
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

export function deleteBrand(db: Db, id: number): void {
  requireRow(db, id);
  db.transaction(() => {
    brandsRepository.softDelete(db, id);
    productsRepository.detachBrand(db, id);
  });
}
