/**
 * SQL of the catalogue pull. Every catalogue-like row carries the server-wide revision stamped by
 * triggers (drizzle/0001_*.sql); each query walks its table's revision index from the cursor and
 * reads at most `limit` rows, so a page costs O(limit) whatever the catalogue size.
 */
import { asc, gt, inArray } from 'drizzle-orm';
import { brands, businessInfo, categories, customers, products } from '../../db/schema';
import type { Q } from '../../db/store';

export const pullRepository = {
  products: (q: Q, since: number, limit: number) =>
    q
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
        ivaRateBp: products.ivaRateBp,
        deletedAt: products.deletedAt,
        revision: products.revision,
      })
      .from(products)
      .where(gt(products.revision, since))
      .orderBy(asc(products.revision))
      .limit(limit),

  categories: (q: Q, since: number, limit: number) =>
    q
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
      .limit(limit),

  brands: (q: Q, since: number, limit: number) =>
    q
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
      .limit(limit),

  /** Customers (issue #33): they travel on the same cursor as the catalogue. */
  customers: (q: Q, since: number, limit: number) =>
    q
      .select({
        id: customers.id,
        uuid: customers.uuid,
        docType: customers.docType,
        docNumber: customers.docNumber,
        name: customers.name,
        ivaConditionId: customers.ivaConditionId,
        address: customers.address,
        phone: customers.phone,
        email: customers.email,
        accountEnabled: customers.accountEnabled,
        creditLimitCents: customers.creditLimitCents,
        balanceCents: customers.balanceCents,
        active: customers.active,
        revision: customers.revision,
      })
      .from(customers)
      .where(gt(customers.revision, since))
      .orderBy(asc(customers.revision))
      .limit(limit),

  businessInfo: (q: Q, since: number) => q.select().from(businessInfo).where(gt(businessInfo.revision, since)).orderBy(asc(businessInfo.revision)),

  /** Current stock of these products (the push reply's echo of the device's own sales). */
  stocks: async (q: Q, ids: number[]) => (ids.length ? await q.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, ids)) : []),
};
