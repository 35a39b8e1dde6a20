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
  type ArcaEnvironment,
  type CbteTipo,
  type ComprobanteTipo,
  type CondicionIvaReceptor,
  type DocTipo,
  type IssuerTaxCondition,
  type IvaRate,
} from '../invoicing/codes';
import { isValidCuit, onlyDigits } from '../invoicing/cuit';
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

/** CUIT with dashes/spaces allowed, stored as 11 digits, check digit verified. */
export const cuitField = z
  .string({ error: 'es obligatorio' })
  .trim()
  .transform(onlyDigits)
  .refine((v) => /^\d{11}$/.test(v), 'debe tener 11 dígitos (ej. 20-12345678-6)')
  .refine((v) => isValidCuit(v), 'no es válido (dígito verificador incorrecto)');

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'no es una fecha válida (AAAA-MM-DD)');

export const arcaSettingsBody = z.object({
  cuit: cuitField,
  taxCondition: z.enum(ISSUER_TAX_CONDITIONS, { error: 'debe ser monotributo o responsable_inscripto' }),
  startOfActivities: isoDate.nullish().transform((v) => v ?? null),
  iibb: optionalText(40),
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

export interface IvaBreakdownJson {
  /** ARCA aliquot id (3 = 0 %, 4 = 10,5 %, 5 = 21 %, 6 = 27 %). */
  id: number;
  rate: IvaRate;
  base: number;
  amount: number;
}

export interface ArcaObservationJson {
  code: number;
  msg: string;
}

export interface InvoiceJson {
  id: number;
  saleId: number;
  saleNumber: string;
  saleDate: string;
  status: InvoiceStatus;
  /** Comprobante type code (1, 6, 11; credit notes 3, 8, 13) — spec name and list-view name. */
  invoice_type: ComprobanteTipo;
  invoiceType: ComprobanteTipo;
  letter: 'A' | 'B' | 'C';
  typeLabel: string;
  ptoVta: number;
  cbteNro: number;
  /** "00004-00001836" — spec name and list-view name. */
  invoice_number: string;
  invoiceNumber: string;
  /** CAE, null until authorised. */
  cae: string | null;
  invoiceCAE: string | null;
  /** CAE expiry "YYYY-MM-DD". */
  cae_expiration: string | null;
  /** Invoice date (CbteFch) as "YYYY-MM-DD". */
  date: string;
  docTipo: DocTipo;
  docNro: string;
  condicionIvaReceptor: CondicionIvaReceptor;
  total: number;
  net: number;
  iva: number;
  ivaBreakdown: IvaBreakdownJson[];
  observations: ArcaObservationJson[];
  /** Why it is pending or failed (Spanish, with ARCA's code when there is one). */
  failureReason: string | null;
  attempts: number;
  nextRetryAt: string | null;
  environment: ArcaEnvironment;
  simulator: boolean;
  issuerCuit: string;
  issuerTaxCondition: IssuerTaxCondition;
  /** RG 4892 QR URL, null until authorised (tipoCodAut "A" for CAEA invoices). */
  qrUrl: string | null;
  /** How it was authorised: CAE (online) or CAEA (contingency; `cae` then holds the CAEA code, `cae_expiration` its validity end). */
  authorization: 'CAE' | 'CAEA';
  /** CAEA invoices only: the FECAEARegInformativo report (issue #11). */
  report: { status: 'pendiente' | 'informada' | 'rechazada'; deadline: string; error: string | null; reportedAt: string | null } | null;
  user: { id: number; fullName: string; username: string };
  createdAt: string;
  authorizedAt: string | null;
  /** Credit notes: the invoice they credit (CbtesAsoc), e.g. "Factura B 00001-00000012"; null for invoices. */
  associated: { id: number; typeLabel: string; invoiceNumber: string } | null;
  /** Credit notes of a partial return: its id (null: the cancellation's note, or an invoice). */
  saleReturnId: number | null;
}

export interface InvoicePaginationJson {
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface InvoiceStatusJson {
  configured: boolean;
  /** True when invoicing against the built-in simulator: show "Simulador ARCA — sin validez fiscal". */
  simulator: boolean;
  environment: ArcaEnvironment | null;
  /** Issuer data for the dialog and the printout (null fields when not configured). */
  cuit: string | null;
  taxCondition: IssuerTaxCondition | null;
  startOfActivities: string | null;
  iibb: string | null;
  ptoVta: number | null;
  /** Comprobante types this issuer may emit. */
  allowedTypes: CbteTipo[];
  identificationThreshold: number;
  pendingCount: number;
  failedCount: number;
  /** Spanish one-liner: what is missing, or the mode. */
  message: string;
}

export interface ArcaCertificateInfoJson {
  subject: string;
  issuer: string;
  notBefore: string;
  notAfter: string;
  /** SHA-256 fingerprint (hex) — identifies the certificate, not a secret. */
  fingerprint: string;
}

export interface ArcaSettingsJson {
  cuit: string | null;
  taxCondition: IssuerTaxCondition | null;
  startOfActivities: string | null;
  iibb: string | null;
  ptoVta: number | null;
  /** The server's CAEA point of sale (contingency), null when none. */
  caeaPtoVta: number | null;
  environment: ArcaEnvironment;
  identificationThreshold: number;
  hasCredentials: boolean;
  certificate: ArcaCertificateInfoJson | null;
  /** Fields fixed by environment variables (they win over the screen): names of ArcaSettingsBody keys plus "credentials". */
  lockedByEnv: string[];
  simulator: boolean;
  configured: boolean;
}

export interface ArcaConnectionTestJson {
  ok: boolean;
  /** Spanish summary, e.g. "Conexión correcta con ARCA (homologación)". */
  message: string;
  login: boolean;
  appServer: string | null;
  dbServer: string | null;
  authServer: string | null;
}

/** A CAEA the server holds (issue #11): one per fortnight. Dates "YYYY-MM-DD". */
export interface CaeaJson {
  caea: string;
  periodo: number;
  orden: 1 | 2;
  validFrom: string;
  validTo: string;
  reportDeadline: string;
}

/** GET /invoices/caea (admin): the owner's "Contingencia (CAEA)" view. */
export interface CaeaContingencyJson {
  /** Argentine calendar date of the server, "YYYY-MM-DD" (deadlines are compared with it). */
  today: string;
  /** The server's own CAEA point of sale, null when none. */
  caeaPtoVta: number | null;
  /** CAEAs held from this fortnight on. */
  caeas: CaeaJson[];
  /** CAEA invoices not yet reported or rejected by ARCA, earliest deadline first. */
  invoices: InvoiceJson[];
}
