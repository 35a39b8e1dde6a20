/**
 * Sync protocol (docs/sync.md) shared by the POS sync engine and the server.
 * POST /sync/push: the envelope is validated by the route; each sale inside it is validated on its
 * own (pushedSale) so one malformed sale is `rejected` without blocking the rest of the batch.
 * GET /sync/pull: catalogue changes after a revision cursor, paged.
 * POST /sync/devices/register: a device's one-time credential; push and pull present it in the headers
 * x-device-id and x-device-key (server/modules/sync/devices-service.ts).
 */
import { LIMITS, SALE_FLAGS, SYNC_SCHEMA_VERSION } from '../constants';
import { ARCA_ENVIRONMENTS, ISSUER_TAX_CONDITIONS } from '../invoicing/codes';
import { pulledCustomer, type PushedCustomer } from './customers';
import { brandDto, categoryDto, productDto } from './products';
import { money, optionalText, z } from './common';
import { caeaJson, generateInvoiceBody, invoiceJson } from './invoices';
import { missingOr, paymentMethod, positiveId, SALE_LIMITS, saleQuantity } from './sales';

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
export const deviceRegistration = z.object({ deviceId: z.string(), deviceKey: z.string() });
export type DeviceRegistration = z.infer<typeof deviceRegistration>;
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
 * (FECAEARegInformativo). A plain request (no `hold`) is never converted afterwards (it might already be at
 * ARCA: one sale, one invoice).
 * `hold` (issue #33.5, docs/invoicing.md): the device holds a valid CAEA and may still number this sale
 * with it if the server does not answer within seconds. The server records the row held and asks ARCA
 * nothing until the same sale comes back with `release` (the device committed to the CAE: ask ARCA now) or
 * with `caea` (the device numbered it: the held row becomes that CAEA invoice). The device sends one or
 * the other, never both.
 */
export const pushedInvoice = generateInvoiceBody.extend({
  hold: z.literal(true).optional(),
  release: z.literal(true).optional(),
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

/** The largest id or sequence a column holds (PostgreSQL `integer`): a bigger one is malformed, not a server fault. */
const MAX_ROW_INT = 2_147_483_647;
const rowId = positiveId.max(MAX_ROW_INT, 'debe ser un identificador válido');

export const pushedSale = z.object({
  clientSaleId: z.uuid('debe ser un UUID'),
  deviceSeq: z.number({ error: 'es obligatoria' }).int('debe ser un número entero').min(1, 'debe ser mayor que 0').max(MAX_ROW_INT, 'es demasiado grande'),
  /** The device's clock at capture: any valid instant (a wrong clock never loses a sale; domain/clock.ts). */
  capturedAt: z.iso.datetime({ offset: true, error: 'debe ser una fecha ISO (AAAA-MM-DDTHH:mm:ssZ)' }),
  sellerId: rowId,
  items: z
    .array(z.object({ productId: rowId, quantity: saleQuantity, unitPrice: money }), { error: missingOr('debe ser una lista') })
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
  /**
   * The sale's customer from the customer file (issue #33): its uuid (the server's, or the one the device
   * gave it offline). Never a reason to reject the sale: an unknown or malformed reference lands the sale
   * without a customer and flags it for review.
   */
  customerUuid: z.string().max(100).nullish(),
  /**
   * The customer itself (a PushedCustomer, domain/schemas/customers.ts) while the server has not confirmed
   * it: created exactly once by uuid (or mapped onto the customer that already has its document) in the
   * sale's transaction. Validated on its own: an invalid one flags the sale, the sale still lands.
   */
  customer: z.unknown().optional(),
});
export type PushedSale = z.output<typeof pushedSale>;
/** What a device sends as one sale (the typed shape of `customer`). */
export type PushedSaleBody = Omit<z.input<typeof pushedSale>, 'customer'> & { customer?: PushedCustomer };

export const PUSH_STATUSES = ['applied', 'duplicate', 'rejected'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];

export const pushResult = z.object({
  clientSaleId: z.string().nullable(),
  deviceSeq: z.number().int().nullable(),
  status: z.enum(PUSH_STATUSES),
  saleId: z.number().int().optional(),
  saleNumber: z.string().optional(),
  flags: z.array(z.enum(SALE_FLAGS)).optional(),
  /** Spanish reason, only for rejected sales. */
  reason: z.string().optional(),
  /** Set when the sale's deviceSeq was already taken and the server stored it under this one instead. */
  serverSeq: z.number().int().optional(),
  /**
   * The sale's invoice as it stands after this push when the sale asked for one (applied or duplicate):
   * authorised (CAE, or CAEA on the server's contingency point of sale) → the device prints it; pending →
   * `invoiceNote` says in Spanish that it will be issued when ARCA answers.
   */
  invoice: invoiceJson.nullable().optional(),
  invoiceNote: z.string().optional(),
  /** The customer the sale was booked to (issue #33), when it named one the server could resolve: its canonical uuid. */
  customerId: z.number().int().optional(),
  customerUuid: z.string().optional(),
  /** The invoice is held for the device (`hold`): it answers with `release` or its CAEA invoice. */
  invoiceHeld: z.literal(true).optional(),
});
export type PushResult = z.infer<typeof pushResult>;

export const pushReply = z.object({
  results: z.array(pushResult),
  /** The server's clock when it answered: the device compares it with its own (domain/clock.ts). */
  serverTime: z.string(),
  /** The highest sequence the server holds for this device: the device's next one must be above it. */
  lastSeq: z.number().int(),
  /**
   * Set when every catalogue revision after `since` came from this push itself (no change elsewhere):
   * the device takes `cursor` as its pull cursor and these server stocks, and needs no pull. Null: pull.
   */
  catalog: z.object({ cursor: z.number().int(), stock: z.array(z.object({ id: z.number().int(), stock: z.number().int() })) }).nullable(),
});
export type PushReply = z.infer<typeof pushReply>;

/**
 * «Exportar ventas pendientes» (issue #29 item 4): the file a tablet saves with the sales its server has
 * not confirmed, exactly as its push sends them. POST /sync/import (admin) feeds them through the push,
 * as the device that captured them: exactly once by clientSaleId, so a second import, or the tablet
 * delivering them itself later, lands nothing new.
 */
export const PENDING_EXPORT_FORMAT = 'mostrador-ventas-pendientes';
export const pendingExportFile = z.object({
  format: z.literal(PENDING_EXPORT_FORMAT, 'no es un archivo de «Exportar ventas pendientes» de Mostrador'),
  deviceId: z.uuid('debe ser un UUID'),
  deviceName: optionalText(100),
  schemaVersion: pushBody.shape.schemaVersion,
  exportedAt: z.string().max(40),
  sales: z
    .array(z.unknown(), { error: missingOr('debe ser una lista') })
    .min(1, 'el archivo no tiene ventas')
    .max(LIMITS.pendingExportMaxSales, `no puede tener más de ${LIMITS.pendingExportMaxSales} ventas`),
});
export type PendingExportFile = z.output<typeof pendingExportFile>;

export const pendingImportReply = z.object({
  applied: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  /** Per sale, in the file's order (the push's results). */
  results: z.array(pushResult),
});
export type PendingImportReply = z.infer<typeof pendingImportReply>;

export const pullQuery = z.object({
  since: z.coerce.number({ error: 'debe ser un número' }).int('debe ser un número entero').min(0, 'no puede ser negativo').default(0),
  limit: z.coerce.number().int().min(1).max(LIMITS.syncPullPageSize).default(LIMITS.syncPullPageSize),
});
export type PullQuery = z.output<typeof pullQuery>;

export const pulledProduct = productDto
  .pick({ id: true, code: true, name: true, description: true, price: true, stock: true, minStock: true, categoryId: true, brandId: true, image: true, active: true, showInCatalog: true })
  .extend({
    /** IVA rate in percent (21, 10.5, ...): the counter prints the invoice's IVA offline (issue #11). */
    ivaRate: z.number(),
  });
export type PulledProduct = z.infer<typeof pulledProduct>;

/**
 * The CAEA a counter device may number with offline (issue #11): the valid ones the server holds (this
 * fortnight's, and the next one's once granted) and the device's own CAEA point of sale. Null when
 * invoicing is not configured or the device has no CAEA point of sale assigned (Settings → Dispositivos).
 */
export const deviceCaeaJson = z.object({
  ptoVta: z.number().int(),
  /** Last number the server holds on this point of sale per comprobante type: the device numbers above it. */
  lastNumbers: z.record(z.string(), z.number().int()),
  /** "YYYY-MM-DD" validity (FchVigDesde/FchVigHasta) and reporting deadline (FchTopeInf). */
  caeas: z.array(caeaJson),
  /** Issuer data the fiscal ticket prints. */
  issuer: z.object({
    cuit: z.string(),
    taxCondition: z.enum(ISSUER_TAX_CONDITIONS),
    environment: z.enum(ARCA_ENVIRONMENTS),
    simulator: z.boolean(),
    startOfActivities: z.string().nullable(),
    iibb: z.string().nullable(),
  }),
});
export type DeviceCaeaJson = z.infer<typeof deviceCaeaJson>;

export const pullReply = z.object({
  products: z.array(pulledProduct),
  categories: z.array(categoryDto),
  brands: z.array(brandDto),
  /** Customers changed after the cursor (issue #33), on the same revision cursor as the catalogue. */
  customers: z.array(pulledCustomer),
  /** The whole business info when it changed after the cursor, else null. */
  businessInfo: z.record(z.string(), z.string().nullable()).nullable(),
  deleted: z.object({ products: z.array(z.number().int()), categories: z.array(z.number().int()), brands: z.array(z.number().int()) }),
  /** The device's CAEA contingency data, sent on every pull (small; it changes by fortnight). */
  caea: deviceCaeaJson.nullable(),
  /** Pass as `since` on the next pull. */
  cursor: z.number().int(),
  hasMore: z.boolean(),
  /** The server's clock when it answered: the device compares it with its own (issue #29, src/offline/clock.ts). Always sent. */
  serverTime: z.string(),
});
export type PullReply = z.infer<typeof pullReply>;

export const deviceJson = z.object({
  id: z.string(),
  name: z.string().nullable(),
  userAgent: z.string().nullable(),
  user: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  /** Holds a credential (false: seen before credentials existed, waiting for its first registration). */
  registered: z.boolean(),
  registeredAt: z.string().nullable(),
  /** Who registered it and from which address (issue #31 item 1). */
  registeredBy: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  registeredFrom: z.string().nullable(),
  /** When an admin revoked its key (null: active). */
  revokedAt: z.string().nullable(),
  /** Its cash session still open on the server (the admin may force-close it), or null. */
  openCashSessionId: z.number().int().nullable(),
  /** Users who signed in on it (the sellers its sales may name). */
  userCount: z.number().int(),
  lastSeq: z.number().int(),
  lastSeenAt: z.string().nullable(),
  lastPushAt: z.string().nullable(),
  lastPullAt: z.string().nullable(),
  pendingCount: z.number().int(),
  salesCount: z.number().int(),
  flaggedCount: z.number().int(),
  /** Its own CAEA point of sale (issue #11), null when none was assigned. */
  caeaPtoVta: z.number().int().nullable(),
  createdAt: z.string(),
});
export type DeviceJson = z.infer<typeof deviceJson>;

/** GET /sync/quarantine (admin): a pushed sale the server rejected, kept with its body (issue #29). */
export const quarantinedSaleJson = z.object({
  id: z.number().int(),
  deviceId: z.string(),
  deviceName: z.string().nullable(),
  clientSaleId: z.string().nullable(),
  /** Why it was rejected (Spanish, the same reason the device shows). */
  reason: z.string(),
  /** The sale exactly as the device sent it (JSON text). */
  body: z.string(),
  attempts: z.number().int(),
  receivedAt: z.string(),
  lastReceivedAt: z.string(),
  /** A sale with the same clientSaleId that is on the server (a later retry, or the original of a replay). */
  sale: z.object({ id: z.number().int(), saleNumber: z.string() }).nullable(),
});
export type QuarantinedSaleJson = z.infer<typeof quarantinedSaleJson>;

export const quarantineQuery = z.object({
  limit: z.coerce.number({ error: 'debe ser un número' }).int('debe ser un número entero').min(1, 'debe ser al menos 1').max(500, 'no puede ser más de 500').default(100),
});

export const deviceIdParam = z.object({ id: z.string().min(1, 'es obligatorio').max(200, 'es demasiado largo') });

/** PUT /sync/devices/:id (admin): the name the back office shows. */
export const renameDeviceBody = z.object({ name: z.string().trim().min(1, 'es obligatorio').max(100, 'es demasiado largo') });

/** PUT /sync/devices/:id/caea-pto-vta (admin): the device's CAEA point of sale, or null to remove it. */
export const deviceCaeaBody = z.object({
  caeaPtoVta: z.coerce.number({ error: 'debe ser un número' }).int('debe ser un número entero').min(1, 'debe estar entre 1 y 99998').max(99998, 'debe estar entre 1 y 99998').nullable(),
});
export type DeviceCaeaBody = z.output<typeof deviceCaeaBody>;
