/**
 * Invoices API (docs/spec.md §7 "Invoices", issue #10): request schemas and the JSON the server answers with.
 * Money travels as decimals with 2 decimals; dates as "YYYY-MM-DD" (Argentine calendar dates).
 * Routes (all under /api, signed-in unless said):
 *   GET  /invoices/status                      → InvoiceStatusJson
 *   GET  /invoices/tipos-comprobante           → Record<code, label> (types the issuer may emit)
 *   GET  /invoices/tipos-documento             → Record<code, label>
 *   GET  /invoices/condiciones-iva             → Record<code, label>
 *   POST /invoices/generate-for-sale/:saleId   body GenerateInvoiceBody → InvoiceJson
 *   GET  /invoices/list?startDate&endDate&page&limit&status → InvoiceJson[] + pagination
 *   GET  /invoices/sale/:saleId                → InvoiceJson | null
 *   GET  /invoices/pending                     → InvoiceJson[] (pendiente and fallida, oldest first)
 *   POST /invoices/:id/retry              (admin) → InvoiceJson
 *   GET  /invoices/settings               (admin) → ArcaSettingsJson
 *   PUT  /invoices/settings               (admin) body ArcaSettingsBody → ArcaSettingsJson
 *   PUT  /invoices/settings/credentials   (admin) body ArcaCredentialsBody → ArcaSettingsJson
 *   POST /invoices/settings/test          (admin) → ArcaConnectionTestJson
 */
import {
  ARCA_ENVIRONMENTS,
  CONDICION_IVA_LABELS,
  DOC_TIPO_LABELS,
  ISSUER_TAX_CONDITIONS,
  IVA_RATES,
  type CbteTipo,
  type CondicionIvaReceptor,
  type DocTipo,
} from '../invoicing/codes';
import { BUYER_LIMITS } from '../invoicing/buyer';
import { optionalText, z } from './common';
import { dateRangeQuery } from './sales';

export const INVOICE_STATUSES = ['pendiente', 'autorizada', 'fallida'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_PAGE_SIZES = [10, 20, 50, 100] as const;

const codeOf = (labels: Record<number, string>, message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .refine((v) => v in labels, message);

/** docs/spec.md §5: numeric fields parse as integers; documents go without dots or hyphens. */
const documentNumber = z
  .union([z.number().int('debe ser un número entero sin puntos ni guiones').min(0), z.string().trim()], { error: 'debe ser un número sin puntos ni guiones' })
  .transform((v) => (typeof v === 'number' ? String(v) : v === '' ? '0' : v))
  .refine((v) => /^\d{1,11}$/.test(v), 'debe ser un número de hasta 11 dígitos, sin puntos ni guiones')
  .transform((v) => String(Number(v)));

export const generateInvoiceBody = z.object({
  tipo_comprobante: z.coerce
    .number({ error: 'debe ser 1 (Factura A), 6 (Factura B) u 11 (Factura C)' })
    .int()
    .refine((v) => v === 1 || v === 6 || v === 11, 'debe ser 1 (Factura A), 6 (Factura B) u 11 (Factura C)')
    .default(11)
    .transform((v) => v as CbteTipo),
  documento_tipo: codeOf(DOC_TIPO_LABELS, 'no es un tipo de documento válido').default(99).transform((v) => v as DocTipo),
  documento_nro: documentNumber.default('0'),
  /** The buyer's IVA condition (CondicionIVAReceptorId, always sent to ARCA). Default: Consumidor Final. */
  condicion_iva_receptor: codeOf(CONDICION_IVA_LABELS, 'no es una condición frente al IVA válida').default(5).transform((v) => v as CondicionIvaReceptor),
  /**
   * The buyer's name/razón social and address as printed (issue #33.2): required for a Factura A and at or
   * above the identification threshold (domain/invoicing/buyer.ts). Absent name: the sale's customer name.
   */
  receptor_nombre: optionalText(BUYER_LIMITS.name).optional(),
  receptor_domicilio: optionalText(BUYER_LIMITS.address).optional(),
});
export type GenerateInvoiceBody = z.output<typeof generateInvoiceBody>;

export const saleIdParam = z.object({ saleId: z.coerce.number({ error: 'debe ser un identificador válido' }).int().positive('debe ser un identificador válido') });

export const invoiceListQuery = dateRangeQuery.extend({
  page: z.coerce.number().int().min(1, 'debe ser 1 o más').default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((v) => (INVOICE_PAGE_SIZES as readonly number[]).includes(v), 'debe ser 10, 20, 50 o 100')
    .default(20),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(INVOICE_STATUSES, { error: 'debe ser pendiente, autorizada o fallida' }).optional()),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

/** The issuer's fiscal facts (CUIT, condition, start of activities, IIBB) are not here: they live in the business info (issue #33.1). */
export const arcaSettingsBody = z.object({
  ptoVta: z.coerce.number({ error: 'debe ser un número' }).int('debe ser un número entero').min(1, 'debe estar entre 1 y 99998').max(99998, 'debe estar entre 1 y 99998'),
  environment: z.enum(ARCA_ENVIRONMENTS, { error: 'debe ser homologacion o produccion' }),
  /** The server's own CAEA point of sale (issue #11); null removes it, absent keeps it. Must differ from ptoVta. */
  caeaPtoVta: z.coerce.number({ error: 'debe ser un número' }).int('debe ser un número entero').min(1, 'debe estar entre 1 y 99998').max(99998, 'debe estar entre 1 y 99998').nullish(),
  /** Consumidor-final identification threshold, decimal pesos. */
  identificationThreshold: z.coerce.number({ error: 'debe ser un número' }).finite().min(0, 'no puede ser negativo').max(1e12, 'es demasiado grande').optional(),
});
export type ArcaSettingsBody = z.output<typeof arcaSettingsBody>;

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/;
const PEM_KEY = /-----BEGIN (RSA |ENCRYPTED )?PRIVATE KEY-----[\s\S]+-----END (RSA |ENCRYPTED )?PRIVATE KEY-----/;

/** The certificate ARCA issued (PEM text of the .crt) and the private key the CSR was made with. */
export const arcaCredentialsBody = z.object({
  certificate: z.string({ error: 'es obligatorio' }).max(20_000, 'es demasiado largo').regex(PEM_CERT, 'debe ser un certificado en formato PEM (.crt)'),
  privateKey: z.string({ error: 'es obligatorio' }).max(20_000, 'es demasiado largo').regex(PEM_KEY, 'debe ser una clave privada en formato PEM (.key)'),
});
export type ArcaCredentialsBody = z.output<typeof arcaCredentialsBody>;

const comprobanteTipo = z.literal([1, 6, 11, 3, 8, 13]);
const cbteTipo = z.literal([1, 6, 11]);
const docTipo = z.literal([80, 86, 87, 94, 96, 99]);
const condicionIva = z.literal([1, 4, 5, 6, 7, 8, 9, 10, 13, 15, 16]);
const environment = z.enum(ARCA_ENVIRONMENTS);
const taxCondition = z.enum(ISSUER_TAX_CONDITIONS);

export const ivaBreakdownJson = z.object({
  /** ARCA aliquot id (3 = 0 %, 4 = 10,5 %, 5 = 21 %, 6 = 27 %). */
  id: z.number().int(),
  rate: z.literal(IVA_RATES),
  base: z.number(),
  amount: z.number(),
});
export type IvaBreakdownJson = z.infer<typeof ivaBreakdownJson>;

export const arcaObservationJson = z.object({ code: z.number().int(), msg: z.string() });
export type ArcaObservationJson = z.infer<typeof arcaObservationJson>;

export const invoiceJson = z.object({
  id: z.number().int(),
  saleId: z.number().int(),
  saleNumber: z.string(),
  saleDate: z.string(),
  status: z.enum(INVOICE_STATUSES),
  /** Comprobante type code (1, 6, 11; credit notes 3, 8, 13) — spec name and list-view name. */
  invoice_type: comprobanteTipo,
  invoiceType: comprobanteTipo,
  letter: z.enum(['A', 'B', 'C']),
  typeLabel: z.string(),
  ptoVta: z.number().int(),
  cbteNro: z.number().int(),
  /** "00004-00001836" — spec name and list-view name. */
  invoice_number: z.string(),
  invoiceNumber: z.string(),
  /** CAE, null until authorised. */
  cae: z.string().nullable(),
  invoiceCAE: z.string().nullable(),
  /** CAE expiry "YYYY-MM-DD". */
  cae_expiration: z.string().nullable(),
  /** Invoice date (CbteFch) as "YYYY-MM-DD". */
  date: z.string(),
  docTipo,
  docNro: z.string(),
  condicionIvaReceptor: condicionIva,
  /** The buyer as issued (a snapshot: a later edit of the customer never changes it); null when not given. */
  buyerName: z.string().nullable(),
  buyerAddress: z.string().nullable(),
  /** "Condición de venta", from the sale's payment method (domain/invoicing/sale-condition.ts). */
  saleCondition: z.string(),
  total: z.number(),
  net: z.number(),
  iva: z.number(),
  ivaBreakdown: z.array(ivaBreakdownJson),
  observations: z.array(arcaObservationJson),
  /** Why it is pending or failed (Spanish, with ARCA's code when there is one). */
  failureReason: z.string().nullable(),
  attempts: z.number().int(),
  nextRetryAt: z.string().nullable(),
  environment,
  simulator: z.boolean(),
  issuerCuit: z.string(),
  issuerTaxCondition: taxCondition,
  /** RG 4892 QR URL, null until authorised (tipoCodAut "A" for CAEA invoices). */
  qrUrl: z.string().nullable(),
  /** How it was authorised: CAE (online) or CAEA (contingency; `cae` then holds the CAEA code, `cae_expiration` its validity end). */
  authorization: z.enum(['CAE', 'CAEA']),
  /** CAEA invoices only: the FECAEARegInformativo report (issue #11). */
  report: z
    .object({ status: z.enum(['pendiente', 'informada', 'rechazada']), deadline: z.string(), error: z.string().nullable(), reportedAt: z.string().nullable() })
    .nullable(),
  user: z.object({ id: z.number().int(), fullName: z.string(), username: z.string() }),
  createdAt: z.string(),
  authorizedAt: z.string().nullable(),
  /** Credit notes: the invoice they credit (CbtesAsoc), e.g. "Factura B 00001-00000012"; null for invoices. */
  associated: z.object({ id: z.number().int(), typeLabel: z.string(), invoiceNumber: z.string() }).nullable(),
  /** Credit notes of a partial return: its id (null: the cancellation's note, or an invoice). */
  saleReturnId: z.number().int().nullable(),
});
export type InvoiceJson = z.infer<typeof invoiceJson>;

export const invoiceStatusJson = z.object({
  configured: z.boolean(),
  /** True when invoicing against the built-in simulator: show "Simulador ARCA — sin validez fiscal". */
  simulator: z.boolean(),
  environment: environment.nullable(),
  /** Issuer data for the dialog and the printout (null fields when not configured). */
  cuit: z.string().nullable(),
  taxCondition: taxCondition.nullable(),
  startOfActivities: z.string().nullable(),
  iibb: z.string().nullable(),
  ptoVta: z.number().int().nullable(),
  /** Comprobante types this issuer may emit. */
  allowedTypes: z.array(cbteTipo),
  identificationThreshold: z.number(),
  pendingCount: z.number().int(),
  failedCount: z.number().int(),
  /** Spanish one-liner: what is missing, WSAA's login block (issue #31.7: until when), or the mode. */
  message: z.string(),
  /** WSAA refuses a login while a ticket this server never stored is valid: online invoicing is back by then (ISO), or null. */
  loginBlockedUntil: z.string().nullable(),
});
export type InvoiceStatusJson = z.infer<typeof invoiceStatusJson>;

/** Code → label, as the type lists arrive (docs/spec.md §3). */
export const codeLabelsJson = z.record(z.string(), z.string());

export const arcaCertificateInfoJson = z.object({
  subject: z.string(),
  issuer: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  /** SHA-256 fingerprint (hex) — identifies the certificate, not a secret. */
  fingerprint: z.string(),
});
export type ArcaCertificateInfoJson = z.infer<typeof arcaCertificateInfoJson>;

export const arcaSettingsJson = z.object({
  cuit: z.string().nullable(),
  taxCondition: taxCondition.nullable(),
  startOfActivities: z.string().nullable(),
  iibb: z.string().nullable(),
  ptoVta: z.number().int().nullable(),
  /** The server's CAEA point of sale (contingency), null when none. */
  caeaPtoVta: z.number().int().nullable(),
  environment,
  identificationThreshold: z.number(),
  hasCredentials: z.boolean(),
  certificate: arcaCertificateInfoJson.nullable(),
  /** Fields fixed by environment variables (they win over the screen): names of ArcaSettingsBody keys plus "credentials". */
  lockedByEnv: z.array(z.string()),
  simulator: z.boolean(),
  configured: z.boolean(),
});
export type ArcaSettingsJson = z.infer<typeof arcaSettingsJson>;

export const arcaConnectionTestJson = z.object({
  ok: z.boolean(),
  /** Spanish summary, e.g. "Conexión correcta con ARCA (homologación)". */
  message: z.string(),
  login: z.boolean(),
  appServer: z.string().nullable(),
  dbServer: z.string().nullable(),
  authServer: z.string().nullable(),
});
export type ArcaConnectionTestJson = z.infer<typeof arcaConnectionTestJson>;

/** A CAEA the server holds (issue #11): one per fortnight. Dates "YYYY-MM-DD". */
export const caeaJson = z.object({
  caea: z.string(),
  periodo: z.number().int(),
  orden: z.literal([1, 2]),
  validFrom: z.string(),
  validTo: z.string(),
  reportDeadline: z.string(),
});
export type CaeaJson = z.infer<typeof caeaJson>;

/** GET /invoices/caea (admin): the owner's "Contingencia (CAEA)" view. */
export const caeaContingencyJson = z.object({
  /** Argentine calendar date of the server, "YYYY-MM-DD" (deadlines are compared with it). */
  today: z.string(),
  /** The server's own CAEA point of sale, null when none. */
  caeaPtoVta: z.number().int().nullable(),
  /** CAEAs held from this fortnight on. */
  caeas: z.array(caeaJson),
  /** CAEA invoices not yet reported or rejected by ARCA, earliest deadline first. */
  invoices: z.array(invoiceJson),
});
export type CaeaContingencyJson = z.infer<typeof caeaContingencyJson>;
