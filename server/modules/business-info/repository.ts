/** SQL for the single business_info row (id = 1, created by the seed). */
import { eq } from 'drizzle-orm';
import { businessInfo } from '../../db/schema';
import { first, type Q } from '../../db/store';

export type BusinessInfoRow = typeof businessInfo.$inferSelect;
type BusinessInfoPatch = Partial<Omit<typeof businessInfo.$inferInsert, 'id' | 'revision' | 'updatedAt'>>;

const ROW_ID = 1;

export const businessInfoRepository = {
  get: (q: Q) => first(q.select().from(businessInfo).where(eq(businessInfo.id, ROW_ID))),
  /**
   * Upsert, so a database whose row was removed by hand still saves. The revision trigger stamps the change
   * (SQLite's, or drizzle-pg/0001's business_info_revision_* on PostgreSQL).
   */
  save: async (q: Q, values: BusinessInfoPatch) =>
    (await first(
      q
        .insert(businessInfo)
        .values({ id: ROW_ID, ...values })
        .onConflictDoUpdate({ target: businessInfo.id, set: values })
        .returning(),
    ))!,
  /**
   * Writes the issuer's CUIT / condition fixed by ARCA_CUIT / ARCA_TAX_CONDITION (issue #33.1: one home) when
   * they differ from the row, so the ticket prints what invoicing sends; a change bumps the revision once.
   */
  setIssuer: async (q: Q, issuer: { cuit?: string; taxCondition?: string }) => {
    const row = await businessInfoRepository.get(q);
    const patch: BusinessInfoPatch = {};
    if (issuer.cuit && row?.cuit !== issuer.cuit) patch.cuit = issuer.cuit;
    if (issuer.taxCondition && row?.taxCondition !== issuer.taxCondition) patch.taxCondition = issuer.taxCondition;
    if (Object.keys(patch).length > 0) await businessInfoRepository.save(q, patch);
  },
};
