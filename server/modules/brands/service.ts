/**
 * Brand rules: names are unique (case-insensitive) among non-deleted brands; deleting is soft and, in
 * the same transaction, moves the products that pointed to it to another brand or to none, as the
 * request says (a brand in use is never deleted without that choice).
 */
import { MSG } from '../../../domain/messages';
import type { BrandCreateInput, BrandDto, BrandUpdateInput, DeleteInUseQuery } from '../../../domain/schemas/products';
import type { Q, Store } from '../../db/store';
import { badRequest, conflict, notFound } from '../../http/errors';
import { countProductsUsing, reassignProducts } from '../products/service';
import { brandsRepository, type BrandRow } from './repository';

const toDto = (row: BrandRow): BrandDto => ({ id: row.id, name: row.name, description: row.description, isActive: row.isActive });

async function requireRow(q: Q, id: number): Promise<BrandRow> {
  const row = await brandsRepository.findById(q, id);
  if (!row) throw notFound(MSG.brandNotFound);
  return row;
}

export async function listBrands(store: Store, active?: boolean): Promise<BrandDto[]> {
  return (await store.read((q) => brandsRepository.list(q, active))).map(toDto);
}

export async function getBrand(store: Store, id: number): Promise<BrandDto> {
  return toDto(await store.read((q) => requireRow(q, id)));
}

export function createBrand(store: Store, input: BrandCreateInput): Promise<BrandDto> {
  return store.write(async (tx) => {
    if (await brandsRepository.findByName(tx, input.name)) throw conflict(MSG.brandNameTaken);
    return toDto(await brandsRepository.insert(tx, input));
  });
}

export function updateBrand(store: Store, id: number, input: BrandUpdateInput): Promise<BrandDto> {
  return store.write(async (tx) => {
    const current = await requireRow(tx, id);
    if (input.name && (await brandsRepository.findByName(tx, input.name, id))) throw conflict(MSG.brandNameTaken);
    if (!Object.values(input).some((v) => v !== undefined)) return toDto(current);
    return toDto((await brandsRepository.update(tx, id, input))!);
  });
}

/**
 * Deletes a brand. If live products use it, the request must say what happens to them (move to another
 * brand or leave them without one); otherwise 409 with the count, so nothing changes silently.
 */
export function deleteBrand(store: Store, id: number, what: DeleteInUseQuery = {}): Promise<{ products: number }> {
  return store.write(async (tx) => {
    await requireRow(tx, id);
    const inUse = await countProductsUsing(tx, 'brandId', id);
    if (inUse > 0 && !what.products) throw conflict(MSG.brandInUse(inUse), { products: inUse });
    const target = what.products === 'move' ? what.moveTo! : null;
    if (target !== null && (target === id || !(await brandsRepository.findById(tx, target)))) throw badRequest(MSG.brandMoveTarget);
    await brandsRepository.softDelete(tx, id);
    await reassignProducts(tx, 'brandId', id, target);
    return { products: inUse };
  });
}
