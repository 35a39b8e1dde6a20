/** PostgreSQL mirror of server/db/schema/cash.ts (the reference: see it for what each column means). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, createdAt } from './columns';
import { users } from './catalog';
import { devices } from './devices';

export const cashSessions = pgTable(
  'cash_sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    clientSessionId: text('client_session_id').notNull().unique(),
    deviceId: text('device_id').notNull().references(() => devices.id),
    openedBy: integer('opened_by').notNull().references(() => users.id),
    openedAt: text('opened_at').notNull(),
    localDate: text('local_date').notNull(),
    floatCents: cents('float_cents').notNull(),
    openDenominations: text('open_denominations'),
    openHash: text('open_hash').notNull(),
    closedBy: integer('closed_by').references(() => users.id),
    closedAt: text('closed_at'),
    closeReceivedAt: text('close_received_at'),
    countedCents: cents('counted_cents'),
    expectedCents: cents('expected_cents'),
    differenceCents: cents('difference_cents'),
    comment: text('comment'),
    closeDenominations: text('close_denominations'),
    declaredJson: text('declared_json'),
    closeHash: text('close_hash'),
    zNumber: integer('z_number').unique(),
    reviewNote: text('review_note'),
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

export const cashMovements = pgTable(
  'cash_movements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    clientMovementId: text('client_movement_id').notNull().unique(),
    sessionId: integer('session_id').notNull().references(() => cashSessions.id),
    kind: text('kind', { enum: ['in', 'out'] }).notNull(),
    amountCents: cents('amount_cents').notNull(),
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

export const cashDrawerOpens = pgTable(
  'cash_drawer_opens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
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
