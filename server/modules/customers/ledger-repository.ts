/**
 * SQL of the cuenta corriente ledger (issue #33 item 4; invariants in server/db/schema/customers.ts).
 * The ONLY writer of customer_account_movements and customers.balance_cents: each movement is inserted and
 * added to the balance in the caller's one unit, so balance = SUM(movements) always holds. The customer's
 * row is locked first (PostgreSQL; SQLite has one writer), so two units never add on the same stale balance.
 * Updating the balance stamps the customer's revision (drizzle/0018 triggers): tablets pull the new balance.
 */
import { and, asc, desc, eq, gt, ne, or, sql } from 'drizzle-orm';
import { customerAccountMovements, customers, sales } from '../../db/schema';
import { first, type Q } from '../../db/store';
import { customersRepository } from './repository';

export type MovementRow = typeof customerAccountMovements.$inferSelect;
export type NewMovement = Omit<typeof customerAccountMovements.$inferInsert, 'id' | 'createdAt'>;

export interface AccountState {
  id: number;
  uuid: string;
  name: string;
  accountEnabled: boolean;
  creditLimitCents: number | null;
  balanceCents: number;
}

const accountColumns = {
  id: customers.id,
  uuid: customers.uuid,
  name: customers.name,
  accountEnabled: customers.accountEnabled,
  creditLimitCents: customers.creditLimitCents,
  balanceCents: customers.balanceCents,
};

export const accountLedgerRepository = {
  /** The customer's account, its row locked until the unit ends. */
  lockedAccount: async (tx: Q, customerId: number): Promise<AccountState | undefined> => {
    await customersRepository.lock(tx, customerId);
    return first(tx.select(accountColumns).from(customers).where(eq(customers.id, customerId)));
  },

  /** Inserts the movement and adds it to the balance (one unit: the caller's); returns the new balance. */
  apply: async (tx: Q, movement: NewMovement): Promise<{ movement: MovementRow; balanceCents: number }> => {
    const [row] = await tx.insert(customerAccountMovements).values(movement).returning();
    const [updated] = await tx
      .update(customers)
      .set({ balanceCents: sql`${customers.balanceCents} + ${movement.amountCents}` })
      .where(eq(customers.id, movement.customerId))
      .returning({ balanceCents: customers.balanceCents });
    return { movement: row, balanceCents: updated.balanceCents };
  },

  /** The 'sale' movement that charged a sale on account, if it was one. */
  saleCharge: (q: Q, saleId: number): Promise<MovementRow | undefined> =>
    first(q.select().from(customerAccountMovements).where(and(eq(customerAccountMovements.saleId, saleId), eq(customerAccountMovements.kind, 'sale')))),

  byClientId: (q: Q, clientMovementId: string): Promise<MovementRow | undefined> =>
    first(q.select().from(customerAccountMovements).where(eq(customerAccountMovements.clientMovementId, clientMovementId))),

  /** A customer's movements with their sale's number, oldest first (statements and aging). */
  movements: (q: Q, customerId: number): Promise<{ movement: MovementRow; saleNumber: string | null }[]> =>
    q
      .select({ movement: customerAccountMovements, saleNumber: sales.saleNumber })
      .from(customerAccountMovements)
      .leftJoin(sales, eq(sales.id, customerAccountMovements.saleId))
      .where(eq(customerAccountMovements.customerId, customerId))
      .orderBy(asc(customerAccountMovements.occurredAt), asc(customerAccountMovements.id)),

  /** Customers with an account or a balance (the back office's aging), by name. */
  accountCustomers: (q: Q) =>
    q
      .select({ ...accountColumns, phone: customers.phone })
      .from(customers)
      .where(or(eq(customers.accountEnabled, true), ne(customers.balanceCents, 0)))
      .orderBy(desc(customers.balanceCents), asc(customers.name)),

  /** Every movement of customers that owe or hold credit (aging of the whole book). */
  movementsOfOpenAccounts: (q: Q) =>
    q
      .select({ customerId: customerAccountMovements.customerId, amountCents: customerAccountMovements.amountCents, occurredAt: customerAccountMovements.occurredAt })
      .from(customerAccountMovements)
      .innerJoin(customers, eq(customers.id, customerAccountMovements.customerId))
      .where(ne(customers.balanceCents, 0))
      .orderBy(asc(customerAccountMovements.occurredAt), asc(customerAccountMovements.id)),

  /** Sales on account that went over the limit, newest first (the owner's list). */
  overLimitSales: (q: Q, limit: number) =>
    q
      .select({ movement: customerAccountMovements, customerName: customers.name })
      .from(customerAccountMovements)
      .innerJoin(customers, eq(customers.id, customerAccountMovements.customerId))
      .where(eq(customerAccountMovements.overLimit, true))
      .orderBy(desc(customerAccountMovements.occurredAt))
      .limit(limit),

  /** Payments on account taken in cash in a cash session (client uuid): they go into that drawer. */
  cashPaymentsOfSession: async (q: Q, clientSessionId: string): Promise<{ count: number; totalCents: number }> => {
    const row = await first(
      q
        .select({ count: sql<number>`count(*)`, total: sql<number>`coalesce(sum(${customerAccountMovements.amountCents}), 0)` })
        .from(customerAccountMovements)
        .where(
          and(
            eq(customerAccountMovements.cashSessionId, clientSessionId),
            eq(customerAccountMovements.kind, 'payment'),
            eq(customerAccountMovements.paymentMethod, 'efectivo'),
            gt(sql`0`, customerAccountMovements.amountCents),
          ),
        ),
    );
    // Payments are stored negative (they lower the balance): the drawer receives the opposite.
    return { count: Number(row?.count ?? 0), totalCents: -Number(row?.total ?? 0) };
  },
};
