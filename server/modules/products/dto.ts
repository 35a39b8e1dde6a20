/** Row → API shape: cents become decimal money; the public catalogue shape never carries the cost. */
import { ivaRateFromBp } from '../../../domain/invoicing/codes';
import { fromCents } from '../../../domain/money';
import type { CatalogItemDto, ProductDto } from '../../../domain/schemas/products';
import type { CatalogRow, ProductWithNames } from './repository';

const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

export function toCatalogItem(row: CatalogRow): CatalogItemDto {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    price: fromCents(row.priceCents),
    stock: row.stock,
    categoryId: row.categoryId,
    brandId: row.brandId,
    image: row.image,
    category: ref(row.categoryId, row.categoryName),
    brand: ref(row.brandId, row.brandName),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toProductDto(row: ProductWithNames): ProductDto {
  return {
    ...toCatalogItem(row),
    cost: fromCents(row.costCents),
    minStock: row.minStock,
    showInCatalog: row.showInCatalog,
    active: row.active,
    ivaRate: ivaRateFromBp(row.ivaRateBp),
  };
}
