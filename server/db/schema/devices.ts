/** Counter devices, the users who signed in on them and their push batches. */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { now, createdAt } from './columns';
import { users } from './catalog';

export const devices = sqliteTable('devices', {
  id: text('id').primaryKey(),
  name: text('name'),
  userAgent: text('user_agent'),
  userId: integer('user_id').references(() => users.id),
  lastSeq: integer('last_seq').notNull().default(0),
  lastSeenAt: text('last_seen_at'),
  lastPushAt: text('last_push_at'),
  lastPullAt: text('last_pull_at'),
  /** Sales the device reported still waiting in its outbox after its last push. */
  pendingCount: integer('pending_count').notNull().default(0),
  /** SHA-256 hash of the device credential (a random 256-bit key shown once at registration, so a fast hash is enough); null: a device from before credentials. */
  keyHash: text('key_hash'),
  registeredAt: text('registered_at'),
  /** Its own CAEA point of sale (issue #11, Settings → Dispositivos): devices offline at once never share a sequence. */
  caeaPtoVta: integer('caea_pto_vta'),
  /** Its printer (issue #35, Settings → Dispositivos): domain/schemas/printing.ts as JSON; null: the browser dialog. */
  printerSettings: text('printer_settings'),
  /** Who registered it and from which address (issue #31 item 1: registration is audited and limited). */
  registeredBy: integer('registered_by').references(() => users.id),
  registeredFrom: text('registered_from'),
  /** An admin revoked its key (a lost tablet, issue #31 item 6): push and pull refuse it from then on. */
  revokedAt: text('revoked_at'),
  revokedBy: integer('revoked_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('devices_caea_pto_vta_uq').on(t.caeaPtoVta).where(sql`${t.caeaPtoVta} IS NOT NULL`)]);

/** Users who signed in online on a device (or registered it): the sellers its pushed sales may name. */
export const deviceUsers = sqliteTable(
  'device_users',
  {
    deviceId: text('device_id').notNull().references(() => devices.id),
    userId: integer('user_id').notNull().references(() => users.id),
    createdAt: createdAt(),
    lastSeenAt: text('last_seen_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.userId] })],
);

/** One row per POST /sync/push: which device sent it and who was signed in (null: the device credential alone). */
export const syncBatches = sqliteTable(
  'sync_batches',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deviceId: text('device_id').notNull().references(() => devices.id),
    userId: integer('user_id').references(() => users.id),
    saleCount: integer('sale_count').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index('sync_batches_device_idx').on(t.deviceId)],
);

/** Sessions ended before they expire (sign-out, issue #31 item 5): app.authenticate refuses a listed jti. */
export const revokedTokens = sqliteTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    /** When the token would have expired anyway: the row may be deleted after it. */
    expiresAt: text('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Pushed sales the server rejected (malformed, or refused by a rule), with their raw body as received and
 * why: a captured sale is never just dropped (sync/push-service.ts). One row per device and body; the same
 * body pushed again counts an attempt. The owner lists them (GET /sync/quarantine).
 */
export const syncQuarantine = sqliteTable(
  'sync_quarantine',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deviceId: text('device_id').notNull().references(() => devices.id),
    syncBatchId: integer('sync_batch_id'),
    /** The clientSaleId the body names when it is a string (maybe not a UUID), else null. */
    clientSaleId: text('client_sale_id'),
    reason: text('reason').notNull(),
    /** The sale exactly as it came in the push (JSON). */
    body: text('body').notNull(),
    bodyHash: text('body_hash').notNull(),
    attempts: integer('attempts').notNull().default(1),
    receivedAt: text('received_at').notNull().default(now),
    lastReceivedAt: text('last_received_at').notNull().default(now),
  },
  (t) => [uniqueIndex('sync_quarantine_body_uq').on(t.deviceId, t.bodyHash), index('sync_quarantine_client_sale_idx').on(t.clientSaleId)],
);
