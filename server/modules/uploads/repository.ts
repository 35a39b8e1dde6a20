/** Where an uploaded image is still referenced: live products and the business logo. */
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessInfo, products } from '../../db/schema';

export interface ImageUsage {
  products: number;
  logo: boolean;
}

export const uploadsRepository = {
  usage: (db: Db, url: string): ImageUsage => ({
    products: db.select({ n: count() }).from(products).where(and(eq(products.image, url), isNull(products.deletedAt))).get()?.n ?? 0,
    logo: db.select({ id: businessInfo.id }).from(businessInfo).where(eq(businessInfo.logo, url)).get() !== undefined,
  }),
};
