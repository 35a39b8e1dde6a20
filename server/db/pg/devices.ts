/** PostgreSQL mirror of server/db/schema/devices.ts (the reference: see it for what each column means). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { now, createdAt } from './columns';
import { users } from './catalog';

export const devices = pgTable('devices', {
  id: text('id').primaryKey(),
  name: text('name'),
  userAgent: text('user_agent'),
  userId: integer('user_id').references(() => users.id),
  lastSeq: integer('last_seq').notNull().default(0),
  lastSeenAt: text('last_seen_at'),
  lastPushAt: text('last_push_at'),
  lastPullAt: text('last_pull_at'),
  pendingCount: integer('pending_count').notNull().default(0),
  keyHash: text('key_hash'),
  registeredAt: text('registered_at'),
  caeaPtoVta: integer('caea_pto_vta'),
  printerSettings: text('printer_settings'),
  registeredBy: integer('registered_by').references(() => users.id),
  registeredFrom: text('registered_from'),
  revokedAt: text('revoked_at'),
  revokedBy: integer('revoked_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('devices_caea_pto_vta_uq').on(t.caeaPtoVta).where(sql`${t.caeaPtoVta} IS NOT NULL`)]);

export const deviceUsers = pgTable(
  'device_users',
  {
    deviceId: text('device_id').notNull().references(() => devices.id),
    userId: integer('user_id').notNull().references(() => users.id),
    createdAt: createdAt(),
    lastSeenAt: text('last_seen_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.userId] })],
);

export const syncBatches = pgTable(
  'sync_batches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deviceId: text('device_id').notNull().references(() => devices.id),
    userId: integer('user_id').references(() => users.id),
    saleCount: integer('sale_count').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index('sync_batches_device_idx').on(t.deviceId)],
);

export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    expiresAt: text('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

export const syncQuarantine = pgTable(
  'sync_quarantine',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deviceId: text('device_id').notNull().references(() => devices.id),
    syncBatchId: integer('sync_batch_id'),
    clientSaleId: text('client_sale_id'),
    reason: text('reason').notNull(),
    body: text('body').notNull(),
    bodyHash: text('body_hash').notNull(),
    attempts: integer('attempts').notNull().default(1),
    receivedAt: text('received_at').notNull().default(now),
    lastReceivedAt: text('last_received_at').notNull().default(now),
  },
  (t) => [uniqueIndex('sync_quarantine_body_uq').on(t.deviceId, t.bodyHash), index('sync_quarantine_client_sale_idx').on(t.clientSaleId)],
);
