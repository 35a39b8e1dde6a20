/** PostgreSQL mirror of server/db/schema/invoicing.ts (the reference: see it for what each column means). */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, createdAt, now, updatedAt } from './columns';
import { users } from './catalog';
import { devices } from './devices';
import { sales, saleReturns } from './sales';

export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    saleId: integer('sale_id').notNull().references(() => sales.id),
    status: text('status', { enum: ['pendiente', 'autorizada', 'fallida'] }).notNull().default('pendiente'),
    environment: text('environment', { enum: ['homologacion', 'produccion'] }).notNull(),
    simulator: boolean('simulator').notNull().default(false),
    issuerCuit: text('issuer_cuit').notNull(),
    issuerTaxCondition: text('issuer_tax_condition', { enum: ['monotributo', 'responsable_inscripto'] }).notNull(),
    ptoVta: integer('pto_vta').notNull(),
    cbteTipo: integer('cbte_tipo').notNull(),
    cbteNro: integer('cbte_nro'),
    cbteFch: text('cbte_fch').notNull(),
    docTipo: integer('doc_tipo').notNull(),
    docNro: text('doc_nro').notNull(),
    condicionIvaReceptor: integer('condicion_iva_receptor').notNull(),
    buyerName: text('buyer_name'),
    buyerAddress: text('buyer_address'),
    totalCents: cents('total_cents').notNull(),
    netCents: cents('net_cents').notNull(),
    ivaCents: cents('iva_cents').notNull(),
    ivaJson: text('iva_json').notNull().default('[]'),
    requestJson: text('request_json').notNull(),
    cae: text('cae'),
    caeVto: text('cae_vto'),
    observationsJson: text('observations_json').notNull().default('[]'),
    failureReason: text('failure_reason'),
    errorCode: integer('error_code'),
    attempts: integer('attempts').notNull().default(0),
    nextRetryAt: text('next_retry_at'),
    userId: integer('user_id').notNull().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    authorizedAt: text('authorized_at'),
    authorization: text('authorization', { enum: ['CAE', 'CAEA'] }).notNull().default('CAE'),
    deviceId: text('device_id').references(() => devices.id),
    deviceHold: boolean('device_hold').notNull().default(false),
    reportStatus: text('report_status', { enum: ['pendiente', 'informada', 'rechazada'] }),
    reportDeadline: text('report_deadline'),
    reportError: text('report_error'),
    reportAttempts: integer('report_attempts').notNull().default(0),
    reportNextAt: text('report_next_at'),
    reportedAt: text('reported_at'),
    associatedInvoiceId: integer('associated_invoice_id').references((): AnyPgColumn => invoices.id),
    saleReturnId: integer('sale_return_id').references(() => saleReturns.id),
  },
  (t) => [
    uniqueIndex('invoices_sale_uq').on(t.saleId).where(sql`${t.associatedInvoiceId} IS NULL`),
    uniqueIndex('invoices_cancel_note_uq').on(t.associatedInvoiceId).where(sql`${t.associatedInvoiceId} IS NOT NULL AND ${t.saleReturnId} IS NULL`),
    uniqueIndex('invoices_return_note_uq').on(t.saleReturnId).where(sql`${t.saleReturnId} IS NOT NULL`),
    index('invoices_report_idx').on(t.reportStatus, t.reportNextAt),
    uniqueIndex('invoices_number_uq')
      .on(t.issuerCuit, t.environment, t.simulator, t.ptoVta, t.cbteTipo, t.cbteNro)
      .where(sql`${t.cbteNro} IS NOT NULL`),
    index('invoices_status_retry_idx').on(t.status, t.nextRetryAt),
    index('invoices_created_idx').on(t.createdAt),
  ],
);

export const arcaSettings = pgTable('arca_settings', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  ptoVta: integer('pto_vta'),
  environment: text('environment', { enum: ['homologacion', 'produccion'] }).notNull().default('homologacion'),
  identificationThresholdCents: cents('identification_threshold_cents').notNull().default(1_000_000_000),
  caeaPtoVta: integer('caea_pto_vta'),
  updatedAt: updatedAt(),
});

export const caeas = pgTable(
  'caeas',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    issuerCuit: text('issuer_cuit').notNull(),
    environment: text('environment', { enum: ['homologacion', 'produccion'] }).notNull(),
    simulator: boolean('simulator').notNull().default(false),
    periodo: integer('periodo').notNull(),
    orden: integer('orden').notNull(),
    caea: text('caea').notNull(),
    validFrom: text('valid_from').notNull(),
    validTo: text('valid_to').notNull(),
    reportDeadline: text('report_deadline').notNull(),
    obtainedAt: text('obtained_at').notNull().default(now),
  },
  (t) => [uniqueIndex('caeas_fortnight_uq').on(t.issuerCuit, t.environment, t.simulator, t.periodo, t.orden)],
);

export const caeaNoActivity = pgTable(
  'caea_no_activity',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    issuerCuit: text('issuer_cuit').notNull(),
    environment: text('environment', { enum: ['homologacion', 'produccion'] }).notNull(),
    simulator: boolean('simulator').notNull().default(false),
    caea: text('caea').notNull(),
    ptoVta: integer('pto_vta').notNull(),
    informedAt: text('informed_at').notNull().default(now),
  },
  (t) => [uniqueIndex('caea_no_activity_uq').on(t.issuerCuit, t.environment, t.simulator, t.caea, t.ptoVta)],
);

export const arcaTickets = pgTable(
  'arca_tickets',
  {
    cuit: text('cuit').notNull(),
    service: text('service').notNull(),
    environment: text('environment').notNull(),
    certFingerprint: text('cert_fingerprint').notNull(),
    token: text('token').notNull(),
    sign: text('sign').notNull(),
    generationTime: text('generation_time').notNull(),
    expirationTime: text('expiration_time').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cuit, t.service, t.environment, t.certFingerprint] })],
);
