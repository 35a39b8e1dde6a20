/**
 * SQL of the catalogue pull. Every catalogue-like row carries the server-wide revision stamped by
 * triggers (drizzle/0001_*.sql); each query walks its table's revision index from the cursor and
 * reads at most `limit` rows, so a page costs O(limit) whatever the catalogue size.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, businessInfo, categories, configuration, products } from '../../db/schema';

export const pullRepository = {
  products: (db: Db, since: number, limit: number) =>
    db
      .select({
        id: products.id,
        code: products.code,
        name: products.name,
        description: products.description,
        priceCents: products.priceCents,
        stock: products.stock,
        minStock: products.minStock,
        categoryId: products.categoryId,
        brandId: products.brandId,
        image: products.image,
        active: products.active,
        showInCatalog: products.showInCatalog,
        deletedAt: products.deletedAt,
        revision: products.revision,
      })
      .from(products)
      .where(gt(products.revision, since))
      .orderBy(asc(products.revision))
      .limit(limit)
      .all(),

  categories: (db: Db, since: number, limit: number) =>
    db
      .select({
        id: categories.id,
        name: categories.name,
        description: categories.description,
        order: categories.order,
        isActive: categories.isActive,
        deletedAt: categories.deletedAt,
        revision: categories.revision,
      })
      .from(categories)
      .where(gt(categories.revision, since))
      .orderBy(asc(categories.revision))
      .limit(limit)
      .all(),

  brands: (db: Db, since: number, limit: number) =>
    db
      .select({
        id: brands.id,
        name: brands.name,
        description: brands.description,
        isActive: brands.isActive,
        deletedAt: brands.deletedAt,
        revision: brands.revision,
      })
      .from(brands)
      .where(gt(brands.revision, since))
      .orderBy(asc(brands.revision))
      .limit(limit)
      .all(),

  businessInfo: (db: Db, since: number) => db.select().from(businessInfo).where(gt(businessInfo.revision, since)).orderBy(asc(businessInfo.revision)).all(),

  /** The `ventas` numbering rows changed after the cursor. */
  numberingChanges: (db: Db, since: number, limit: number) =>
    db
      .select({ clave: configuration.clave, revision: configuration.revision })
      .from(configuration)
      .where(and(eq(configuration.categoria, 'ventas'), gt(configuration.revision, since)))
      .orderBy(asc(configuration.revision))
      .limit(limit)
      .all(),

  numbering: (db: Db) =>
    db.select({ clave: configuration.clave, valor: configuration.valor }).from(configuration).where(eq(configuration.categoria, 'ventas')).all(),
};
