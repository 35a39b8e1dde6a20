/** Where an uploaded image is still referenced: live products and the business logo. */
import { and, count, eq, isNull } from 'drizzle-orm';
import { businessInfo, products } from '../../db/schema';
import { first, type Q } from '../../db/store';

export interface ImageUsage {
  products: number;
  logo: boolean;
}

export const uploadsRepository = {
  usage: async (q: Q, url: string): Promise<ImageUsage> => ({
    products: (await first(q.select({ n: count() }).from(products).where(and(eq(products.image, url), isNull(products.deletedAt)))))?.n ?? 0,
    logo: (await first(q.select({ id: businessInfo.id }).from(businessInfo).where(eq(businessInfo.logo, url)).limit(1))) !== undefined,
  }),
};
