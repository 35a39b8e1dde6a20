/** ARCA invoicing: invoices and credit notes, settings, CAEAs and access tickets. */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { now, createdAt, updatedAt } from './columns';
import { users } from './catalog';
import { devices } from './devices';
import { sales, saleReturns } from './sales';

export const invoices = sqliteTable(
  'invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    saleId: integer('sale_id').notNull().references(() => sales.id),
    status: text('status', { enum: ['pendiente', 'autorizada', 'fallida'] }).notNull().default('pendiente'),
    environment: text('environment', { enum: ['homologacion', 'produccion'] }).notNull(),
    simulator: integer('simulator', { mode: 'boolean' }).notNull().default(false),
    issuerCuit: text('issuer_cuit').notNull(),
    issuerTaxCondition: text('issuer_tax_condition', { enum: ['monotributo', 'responsable_inscripto'] }).notNull(),
    ptoVta: integer('pto_vta').notNull(),
    cbteTipo: integer('cbte_tipo').notNull(),
    cbteNro: integer('cbte_nro'),
    /** yyyymmdd, the Argentine calendar date sent as CbteFch. */
    cbteFch: text('cbte_fch').notNull(),
    docTipo: integer('doc_tipo').notNull(),
    docNro: text('doc_nro').notNull(),
    condicionIvaReceptor: integer('condicion_iva_receptor').notNull(),
    /**
     * The buyer as issued (issue #33.2): name/razón social and address, a snapshot next to doc_tipo, doc_nro and
     * condicion_iva_receptor. Filled once when the row is prepared and never from a later edit of the customer
     * (a credit note copies its invoice's). Null on invoices issued before (they printed no buyer data).
     */
    buyerName: text('buyer_name'),
    buyerAddress: text('buyer_address'),
    totalCents: integer('total_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    ivaCents: integer('iva_cents').notNull(),
    /** JSON AlicuotaAmounts[] (empty for C). */
    ivaJson: text('iva_json').notNull().default('[]'),
    /** JSON of the exact FECAEDetRequest last sent (or about to be sent). */
    requestJson: text('request_json').notNull(),
    cae: text('cae'),
    /** yyyymmdd */
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
    /**
     * CAE (online) or CAEA (contingency, issue #11). A CAEA invoice is issued when numbered (status
     * 'autorizada', `cae` holds the CAEA, `cae_vto` its validity end) and must still be reported to ARCA
     * (FECAEARegInformativo) by `report_deadline`; report_* track that report.
     */
    authorization: text('authorization', { enum: ['CAE', 'CAEA'] }).notNull().default('CAE'),
    /** The counter device that numbered a CAEA invoice offline; null when the server numbered it. */
    deviceId: text('device_id').references(() => devices.id),
    /**
     * Issue #33.5: a pending CAE row of a sale whose device may still number it with CAEA (it asked for the
     * invoice holding a valid CAEA). Nothing is sent to ARCA while it is set: the device either releases it
     * (the row becomes an ordinary pending one) or reports its CAEA invoice (the row becomes that invoice).
     */
    deviceHold: integer('device_hold', { mode: 'boolean' }).notNull().default(false),
    reportStatus: text('report_status', { enum: ['pendiente', 'informada', 'rechazada'] }),
    /** "YYYY-MM-DD" (FchTopeInf of the CAEA's fortnight). */
    reportDeadline: text('report_deadline'),
    reportError: text('report_error'),
    reportAttempts: integer('report_attempts').notNull().default(0),
    reportNextAt: text('report_next_at'),
    reportedAt: text('reported_at'),
    /**
     * Credit notes (issue #11, cbte_tipo 3/8/13): the invoice they credit (CbtesAsoc), and the partial return
     * they belong to (null: the note of the sale's cancellation). One invoice per sale; one note per
     * cancellation and one per return (unique indexes below).
     */
    associatedInvoiceId: integer('associated_invoice_id').references((): AnySQLiteColumn => invoices.id),
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

/**
 * ARCA settings of the "Facturación electrónica" tab (one row, id 1). Env vars win over it. The issuer's fiscal
 * facts (CUIT, IVA condition, start of activities, Ingresos Brutos) live in business_info (issue #33.1).
 */
export const arcaSettings = sqliteTable('arca_settings', {
  id: integer('id').primaryKey(),
  ptoVta: integer('pto_vta'),
  environment: text('environment', { enum: ['homologacion', 'produccion'] }).notNull().default('homologacion'),
  identificationThresholdCents: integer('identification_threshold_cents').notNull().default(1_000_000_000),
  /** The server's own CAEA point of sale (issue #11): invoices it numbers itself while ARCA is unreachable. */
  caeaPtoVta: integer('caea_pto_vta'),
  updatedAt: updatedAt(),
});

/**
 * CAEAs granted by ARCA (FECAEASolicitar), one per (issuer, environment, simulator or not, fortnight).
 * One CAEA serves every CAEA point of sale of the CUIT for its fortnight (docs/reference/arca-wsfe.md §3).
 */
export const caeas = sqliteTable(
  'caeas',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    issuerCuit: text('issuer_cuit').notNull(),
    environment: text('environment', { enum: ['homologacion', 'produccion'] }).notNull(),
    simulator: integer('simulator', { mode: 'boolean' }).notNull().default(false),
    /** yyyymm */
    periodo: integer('periodo').notNull(),
    orden: integer('orden').notNull(),
    caea: text('caea').notNull(),
    /** "YYYY-MM-DD" */
    validFrom: text('valid_from').notNull(),
    validTo: text('valid_to').notNull(),
    reportDeadline: text('report_deadline').notNull(),
    obtainedAt: text('obtained_at').notNull().default(now),
  },
  (t) => [uniqueIndex('caeas_fortnight_uq').on(t.issuerCuit, t.environment, t.simulator, t.periodo, t.orden)],
);

/**
 * CAEA points of sale informed to ARCA as "sin movimiento" (FECAEASinMovimientoInformar) for a CAEA:
 * one row per (issuer, environment, simulator, CAEA, point of sale), so it is informed once.
 */
export const caeaNoActivity = sqliteTable(
  'caea_no_activity',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    issuerCuit: text('issuer_cuit').notNull(),
    environment: text('environment', { enum: ['homologacion', 'produccion'] }).notNull(),
    simulator: integer('simulator', { mode: 'boolean' }).notNull().default(false),
    caea: text('caea').notNull(),
    ptoVta: integer('pto_vta').notNull(),
    informedAt: text('informed_at').notNull().default(now),
  },
  (t) => [uniqueIndex('caea_no_activity_uq').on(t.issuerCuit, t.environment, t.simulator, t.caea, t.ptoVta)],
);

/**
 * WSAA access tickets, one per (CUIT, service, environment, certificate fingerprint). token and sign
 * are stored byte-exact (reformatting them breaks the signature check).
 */
export const arcaTickets = sqliteTable(
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
