/** Cash sessions and their movements (issue #16). */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { users } from './catalog';
import { devices } from './devices';

export const cashSessions = sqliteTable(
  'cash_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientSessionId: text('client_session_id').notNull().unique(),
    deviceId: text('device_id').notNull().references(() => devices.id),
    openedBy: integer('opened_by').notNull().references(() => users.id),
    openedAt: text('opened_at').notNull(),
    /** The opened_at calendar day in the shop's time zone (the back office lists by day). */
    localDate: text('local_date').notNull(),
    floatCents: integer('float_cents').notNull(),
    /** JSON of pieces per face value counted at opening, or null (a total). */
    openDenominations: text('open_denominations'),
    openHash: text('open_hash').notNull(),
    closedBy: integer('closed_by').references(() => users.id),
    closedAt: text('closed_at'),
    /** Server time the close was stored: sales arriving later are late. */
    closeReceivedAt: text('close_received_at'),
    countedCents: integer('counted_cents'),
    expectedCents: integer('expected_cents'),
    differenceCents: integer('difference_cents'),
    comment: text('comment'),
    closeDenominations: text('close_denominations'),
    /** JSON {tarjeta, transferencia, mercadopago} the cashier confirmed, in pesos. */
    declaredJson: text('declared_json'),
    closeHash: text('close_hash'),
    zNumber: integer('z_number').unique(),
    /** Why the owner should look (issue #31 item 8: a responsible who never signed in on the device; a forced close). */
    reviewNote: text('review_note'),
    /** An admin closed it for a device that could not (a lost tablet): the count is unknown until the device's own close arrives. */
    forceClosedBy: integer('force_closed_by').references(() => users.id),
    forceClosedAt: text('force_closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cash_sessions_device_idx').on(t.deviceId, t.openedAt),
    index('cash_sessions_date_idx').on(t.localDate),
    uniqueIndex('cash_sessions_one_open_uq').on(t.deviceId).where(sql`${t.closedAt} IS NULL`),
  ],
);

export const cashMovements = sqliteTable(
  'cash_movements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientMovementId: text('client_movement_id').notNull().unique(),
    sessionId: integer('session_id').notNull().references(() => cashSessions.id),
    kind: text('kind', { enum: ['in', 'out'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: ['retiro_caja_fuerte', 'pago_proveedor', 'cambio', 'devolucion', 'otro'] }).notNull(),
    note: text('note'),
    userId: integer('user_id').notNull().references(() => users.id),
    at: text('at').notNull(),
    bodyHash: text('body_hash').notNull(),
    reviewNote: text('review_note'),
    createdAt: createdAt(),
  },
  (t) => [index('cash_movements_session_idx').on(t.sessionId)],
);

/** Each «Abrir cajón» press in a session (issue #35): who and when; the device is the session's. Never moves money. */
export const cashDrawerOpens = sqliteTable(
  'cash_drawer_opens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientEventId: text('client_event_id').notNull().unique(),
    sessionId: integer('session_id').notNull().references(() => cashSessions.id),
    userId: integer('user_id').notNull().references(() => users.id),
    at: text('at').notNull(),
    bodyHash: text('body_hash').notNull(),
    reviewNote: text('review_note'),
    createdAt: createdAt(),
  },
  (t) => [index('cash_drawer_opens_session_idx').on(t.sessionId)],
);
