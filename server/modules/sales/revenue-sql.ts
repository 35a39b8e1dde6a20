/**
 * The SQL of domain/revenue.ts, the one definition of revenue every read uses (dashboard summary, reports,
 * the sales list's period total, exports): a sale counts when paid and not refunded, net of its returns.
 * The rollup triggers (drizzle/0014, drizzle-pg/0004) implement the same predicate.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { sales } from '../../db/schema';

/** The sale counts as revenue (Drizzle, on the `sales` table). */
export const countsAsRevenue = and(eq(sales.paymentStatus, 'pagado'), isNull(sales.refundedAt)) as SQL;

/** The same predicate on a sales row aliased `alias` in hand-written SQL. */
export const countsAsRevenueOf = (alias: string): SQL => sql.raw(`${alias}.payment_status = 'pagado' AND ${alias}.refunded_at IS NULL`);

/** What a sales row aliased `alias` adds to revenue (total − returned when it counts, else 0). */
export const revenueCentsOf = (alias: string): SQL =>
  sql.raw(`CASE WHEN ${alias}.payment_status = 'pagado' AND ${alias}.refunded_at IS NULL THEN ${alias}.total_cents - ${alias}.returned_cents ELSE 0 END`);
