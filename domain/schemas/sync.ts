/**
 * Sync protocol (docs/sync.md) shared by the POS sync engine and the server.
 * POST /sync/push: the envelope is validated by the route; each sale inside it is validated on its
 * own (pushedSale) so one malformed sale is `rejected` without blocking the rest of the batch.
 * GET /sync/pull: catalogue changes after a revision cursor, paged.
 * POST /sync/devices/register: a device's one-time credential; push and pull present it in the headers
 * x-device-id and x-device-key (server/modules/sync/devices-service.ts).
 */
import { LIMITS, type SaleFlag } from '../constants';
import { money, optionalText, z } from './common';
import { generateInvoiceBody, type InvoiceJson } from './invoices';
import { missingOr, paymentMethod, positiveId, SALE_LIMITS, saleQuantity } from './sales';

/** Version of the pushed sale's shape; travels with every push so old queued sales are migrated, not dropped. */
export const SYNC_SCHEMA_VERSION = 1;

export const pushBody = z.object({
  deviceId: z.uuid('debe ser un UUID'),
  deviceName: optionalText(100),
  schemaVersion: z
    .number({ error: (issue) => (issue.input === undefined ? 'es obligatoria' : 'debe ser un número') })
    .int('debe ser un número entero')
    .refine((v) => v === SYNC_SCHEMA_VERSION, `no es compatible con este servidor (se espera ${SYNC_SCHEMA_VERSION}); actualizá la aplicación`),
  /** Sales the device still holds in its outbox besides this batch. */
  pendingCount: z.number().int().min(0).max(1_000_000).optional(),
  /** The device's pull cursor: lets the reply say the catalogue moved only by this push (PushReply.catalog). */
  since: z.number().int().min(0).optional(),
  sales: z
    .array(z.unknown(), { error: missingOr('debe ser una lista') })
    .max(LIMITS.syncPushMaxSales, `no puede tener más de ${LIMITS.syncPushMaxSales} ventas por envío`),
});

export const registerDeviceBody = z.object({
  deviceId: z.uuid('debe ser un UUID'),
  deviceName: optionalText(100),
});

/** The reply of a registration: the key is shown this once and stored hashed on the server. */
export interface DeviceRegistration {
  deviceId: string;
  deviceKey: string;
}
export type PushBody = z.output<typeof pushBody>;

/**
 * One sale captured on a device. Free texts are lenient (a long note must not lose a sale that
 * already happened); unitPrice is what the device charged, and it is the truth.
 */
/**
 * The invoice the cashier asked for at checkout (issue #11); it travels with its sale in the same outbox
 * entry. Without `caea` the server issues it with CAE right after it applies the sale (or, when it cannot
 * reach ARCA, on its own CAEA point of sale). With `caea` the device already numbered and printed it
 * offline on its CAEA point of sale: the server records it as issued and reports it to ARCA
 * (FECAEARegInformativo). A device numbers with CAEA only when it knows it cannot reach the server at the
 * moment of capture; an entry sent as a plain request is never converted afterwards (it might already be
 * at ARCA: one sale, one invoice).
 */
export const pushedInvoice = generateInvoiceBody.extend({
  caea: z
    .object({
      caea: z.string().regex(/^\d{14}$/, 'debe ser un CAEA de 14 dígitos'),
      ptoVta: z.number().int().min(1).max(99998),
      cbteNro: z.number().int().min(1).max(99_999_999),
      /** yyyymmdd, the Argentine calendar date printed on the invoice. */
      cbteFch: z.string().regex(/^\d{8}$/, 'debe ser una fecha AAAAMMDD'),
    })
    .optional(),
});
export type PushedInvoice = z.output<typeof pushedInvoice>;

export const pushedSale = z.object({
  clientSaleId: z.uuid('debe ser un UUID'),
  deviceSeq: z.number({ error: 'es obligatoria' }).int('debe ser un número entero').min(1, 'debe ser mayor que 0'),
  capturedAt: z.iso.datetime({ offset: true, error: 'debe ser una fecha ISO (AAAA-MM-DDTHH:mm:ssZ)' }),
  sellerId: positiveId,
  items: z
    .array(z.object({ productId: positiveId, quantity: saleQuantity, unitPrice: money }), { error: missingOr('debe ser una lista') })
    .min(1, 'la venta no tiene productos')
    .max(SALE_LIMITS.maxItems, `no puede tener más de ${SALE_LIMITS.maxItems} líneas`),
  discount: money.optional().default(0),
  paymentMethod,
  customerName: optionalText(500),
  customerDocument: optionalText(100),
  customerEmail: optionalText(500),
  notes: optionalText(5000),
  invoice: pushedInvoice.optional(),
  cashSessionId: z.uuid('debe ser un UUID').nullish(), // the device's open cash session (issue #16, domain/schemas/cash.ts)
});
export type PushedSale = z.output<typeof pushedSale>;

export type PushStatus = 'applied' | 'duplicate' | 'rejected';

export interface PushResult {
  clientSaleId: string | null;
  deviceSeq: number | null;
  status: PushStatus;
  saleId?: number;
  saleNumber?: string;
  flags?: SaleFlag[];
  /** Spanish reason, only for rejected sales. */
  reason?: string;
  /** Set when the sale's deviceSeq was already taken and the server stored it under this one instead. */
  serverSeq?: number;
  /**
   * The sale's invoice as it stands after this push when the sale asked for one (applied or duplicate):
   * authorised (CAE, or CAEA on the server's contingency point of sale) → the device prints it; pending →
   * `invoiceNote` says in Spanish that it will be issued when ARCA answers.
   */
  invoice?: InvoiceJson | null;
  invoiceNote?: string;
}

export interface PushReply {
  results: PushResult[];
  serverTime: string;
  /** The highest sequence the server holds for this device: the device's next one must be above it. */
  lastSeq: number;
  /**
   * Set when every catalogue revision after `since` came from this push itself (no change elsewhere):
   * the device takes `cursor` as its pull cursor and these server stocks, and needs no pull. Null: pull.
   */
  catalog: { cursor: number; stock: { id: number; stock: number }[] } | null;
}

export const pullQuery = z.object({
  since: z.coerce.number({ error: 'debe ser un número' }).int('debe ser un número entero').min(0, 'no puede ser negativo').default(0),
  limit: z.coerce.number().int().min(1).max(LIMITS.syncPullPageSize).default(LIMITS.syncPullPageSize),
});
export type PullQuery = z.output<typeof pullQuery>;

export interface PulledProduct {
  id: number;
  code: string | null;
  name: string;
  description: string | null;
  price: number;
  stock: number;
  minStock: number;
  categoryId: number | null;
  brandId: number | null;
  image: string | null;
  active: boolean;
  showInCatalog: boolean;
  /** IVA rate in percent (21, 10.5, ...): the counter prints the invoice's IVA offline (issue #11). */
  ivaRate: number;
}

/**
 * The CAEA a counter device may number with offline (issue #11): the valid ones the server holds (this
 * fortnight's, and the next one's once granted) and the device's own CAEA point of sale. Null when
 * invoicing is not configured or the device has no CAEA point of sale assigned (Settings → Dispositivos).
 */
export interface DeviceCaeaJson {
  ptoVta: number;
  /** Last number the server holds on this point of sale per comprobante type: the device numbers above it. */
  lastNumbers: Record<string, number>;
  caeas: {
    caea: string;
    periodo: number;
    orden: 1 | 2;
    /** "YYYY-MM-DD" validity (FchVigDesde/FchVigHasta) and reporting deadline (FchTopeInf). */
    validFrom: string;
    validTo: string;
    reportDeadline: string;
  }[];
  /** Issuer data the fiscal ticket prints. */
  issuer: { cuit: string; taxCondition: 'monotributo' | 'responsable_inscripto'; environment: 'homologacion' | 'produccion'; simulator: boolean; startOfActivities: string | null; iibb: string | null };
}

export interface PullReply {
  products: PulledProduct[];
  categories: { id: number; name: string; description: string | null; order: number; isActive: boolean }[];
  brands: { id: number; name: string; description: string | null; isActive: boolean }[];
  /** The whole business info when it changed after the cursor, else null. */
  businessInfo: Record<string, string | null> | null;
  deleted: { products: number[]; categories: number[]; brands: number[] };
  /** The device's CAEA contingency data, sent on every pull (small; it changes by fortnight). */
  caea: DeviceCaeaJson | null;
  /** Pass as `since` on the next pull. */
  cursor: number;
  hasMore: boolean;
}

export interface DeviceJson {
  id: string;
  name: string | null;
  userAgent: string | null;
  user: { id: number; fullName: string } | null;
  /** Holds a credential (false: seen before credentials existed, waiting for its first registration). */
  registered: boolean;
  registeredAt: string | null;
  /** Users who signed in on it (the sellers its sales may name). */
  userCount: number;
  lastSeq: number;
  lastSeenAt: string | null;
  lastPushAt: string | null;
  lastPullAt: string | null;
  pendingCount: number;
  salesCount: number;
  flaggedCount: number;
  /** Its own CAEA point of sale (issue #11), null when none was assigned. */
  caeaPtoVta: number | null;
  createdAt: string;
}

export const deviceIdParam = z.object({ id: z.string().min(1, 'es obligatorio').max(200, 'es demasiado largo') });

/** PUT /sync/devices/:id/caea-pto-vta (admin): the device's CAEA point of sale, or null to remove it. */
export const deviceCaeaBody = z.object({
  caeaPtoVta: z.coerce.number({ error: 'debe ser un número' }).int('debe ser un número entero').min(1, 'debe estar entre 1 y 99998').max(99998, 'debe estar entre 1 y 99998').nullable(),
});
export type DeviceCaeaBody = z.output<typeof deviceCaeaBody>;
