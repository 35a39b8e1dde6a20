/** SQL for the single business_info row (id = 1, created by the seed). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessInfo } from '../../db/schema';

export type BusinessInfoRow = typeof businessInfo.$inferSelect;
type BusinessInfoPatch = Omit<typeof businessInfo.$inferInsert, 'id' | 'revision' | 'updatedAt'>;

const ROW_ID = 1;

export const businessInfoRepository = {
  get: (db: Db) => db.select().from(businessInfo).where(eq(businessInfo.id, ROW_ID)).get(),
  /** Upsert, so a database whose row was removed by hand still saves. The revision trigger stamps the change. */
  save: (db: Db, values: BusinessInfoPatch) =>
    db
      .insert(businessInfo)
      .values({ id: ROW_ID, ...values })
      .onConflictDoUpdate({ target: businessInfo.id, set: values })
      .returning()
      .get(),
};
