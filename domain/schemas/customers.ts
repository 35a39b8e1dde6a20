/**
 * The customer file (issue #33 item 1): request schemas, the customer as the API answers it, and its sync
 * shapes (a customer in the pull pages; a customer created offline, pushed on its own or inside a sale).
 * Money travels as decimals with 2 places (the credit limit, the balance); the server keeps integer cents.
 * Document rules live in domain/customers.ts.
 */
import { CONDICIONES_IVA, type CondicionIvaReceptor } from '../invoicing/codes';
import {
  CUSTOMER_DOC_TYPES,
  CUSTOMER_LIMITS,
  customerDocumentProblem,
  DEFAULT_CUSTOMER_DOC_TYPE,
  DEFAULT_CUSTOMER_IVA_CONDITION,
  normalizeDocNumber,
  type CustomerDocType,
} from '../customers';
import { money, optionalText, queryBool, requiredText, text, z } from './common';

const docType = z.literal(CUSTOMER_DOC_TYPES, { error: 'debe ser 80 (CUIT), 86 (CUIL), 96 (DNI) o 99 (sin identificar)' });
const ivaConditionId = z.coerce
  .number({ error: 'no es una condición frente al IVA válida' })
  .refine((v) => (CONDICIONES_IVA as number[]).includes(v), 'no es una condición frente al IVA válida')
  .transform((v) => v as CondicionIvaReceptor);
/** "20-12345678-6", "20 12345678 6" or 20123456786 → "20123456786"; blank → null. */
const docNumber = z
  .union([z.string().max(30, 'es demasiado largo'), z.number().int().nonnegative()], { error: 'debe ser un número de documento' })
  .nullish()
  .transform((v) => normalizeDocNumber(v === null || v === undefined ? null : String(v)));
const optionalEmail = z
  .preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.union([z.literal(''), z.email('no es un email válido').max(200)]).nullish())
  .transform((v) => v || null);
/** Patch semantics: absent → undefined (keep), "" / null → null (clear). */
const patchText = (max: number) =>
  text()
    .trim()
    .max(max, `no puede superar ${max} caracteres`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));
/** Credit limit of the cuenta corriente: a decimal ≥ 0 ("150000,50" too), or null for none (no limit). */
const creditLimit = z.preprocess((v) => (v === '' ? null : typeof v === 'string' ? v.trim().replace(',', '.') : v), money.nullable());

/** The document must fit its type and the IVA condition (CUIT check digit): one issue, on docNumber. */
function checkDocument(value: { docType: CustomerDocType; docNumber: string | null; ivaConditionId: CondicionIvaReceptor }, ctx: z.RefinementCtx) {
  const problem = customerDocumentProblem(value.docType, value.docNumber, value.ivaConditionId);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['docNumber'] });
}

const customerFields = {
  docType: docType.optional().default(DEFAULT_CUSTOMER_DOC_TYPE),
  docNumber,
  /** Razón social or name. */
  name: requiredText(CUSTOMER_LIMITS.nameMax),
  /** CondicionIVAReceptorId (RG 5616): 1 RI, 4 exento, 5 consumidor final, 6 monotributo, … */
  ivaConditionId: ivaConditionId.optional().default(DEFAULT_CUSTOMER_IVA_CONDITION),
  address: optionalText(300),
  phone: optionalText(50),
  email: optionalEmail,
  notes: optionalText(2000),
};

/**
 * POST /customers. `uuid` is optional: a device that created the customer offline sends its own; else the
 * server makes one. A document another customer already has is a 409 naming that customer.
 */
export const customerCreateBody = z
  .object({
    uuid: z.uuid('debe ser un UUID').optional(),
    ...customerFields,
    /** Cuenta corriente (issue #33 item 4): admin only. */
    accountEnabled: z.boolean().optional().default(false),
    creditLimit: creditLimit.optional().default(null),
  })
  .superRefine(checkDocument);
export type CustomerCreateInput = z.output<typeof customerCreateBody>;

/**
 * PUT /customers/:id: only the fields sent change (null clears an optional one). docType, docNumber and
 * ivaConditionId are checked together with the stored values by the server. Sellers may edit the contact
 * fields; `accountEnabled`, `creditLimit` and `active` are admin only.
 */
export const customerUpdateBody = z.object({
  docType: docType.optional(),
  docNumber: z.union([z.string().max(30, 'es demasiado largo'), z.number().int().nonnegative()]).nullish().transform((v) => (v === undefined ? undefined : normalizeDocNumber(v === null ? null : String(v)))),
  name: requiredText(CUSTOMER_LIMITS.nameMax).optional(),
  ivaConditionId: ivaConditionId.optional(),
  address: patchText(300),
  phone: patchText(50),
  email: z
    .preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.union([z.literal(''), z.email('no es un email válido').max(200)]).nullish())
    .transform((v) => (v === undefined ? undefined : v || null)),
  notes: patchText(2000),
  accountEnabled: z.boolean().optional(),
  creditLimit: creditLimit.optional(),
  active: z.boolean().optional(),
});
export type CustomerUpdateInput = z.output<typeof customerUpdateBody>;

/** GET /customers: one search field (name, CUIT/DNI, phone, e-mail), paged. `active` defaults to active only. */
export const customerListQuery = z.object({
  search: text().trim().max(200, 'no puede superar 200 caracteres').optional(),
  active: queryBool.optional(),
  /** Only customers with a cuenta corriente. */
  account: queryBool.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(CUSTOMER_LIMITS.listMaxLimit, `no puede ser más de ${CUSTOMER_LIMITS.listMaxLimit}`).default(20),
});
export type CustomerListQuery = z.output<typeof customerListQuery>;

/**
 * A customer as the API answers it. `docNumber` and `email` are left out of replies to sellers when the
 * admin hides customer data (privacidad/vendedores_ven_clientes); sellers always see the name.
 */
export const customerDto = z.object({
  id: z.number().int(),
  uuid: z.string(),
  docType: z.literal(CUSTOMER_DOC_TYPES),
  docNumber: z.string().nullable().optional(),
  name: z.string(),
  ivaConditionId: z.literal(CONDICIONES_IVA as CondicionIvaReceptor[]),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable().optional(),
  notes: z.string().nullable(),
  accountEnabled: z.boolean(),
  /** Decimal; null: no limit. */
  creditLimit: z.number().nullable(),
  /** What the customer owes on the cuenta corriente (decimal; read-only: the sum of its ledger). */
  balance: z.number(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomerDto = z.infer<typeof customerDto>;

/** DELETE is not offered: a customer with sales is history. POST /customers/:id/deactivate (admin) hides it. */

// Sync ----------------------------------------------------------------------------------------------

/**
 * A customer in a GET /sync/pull page (with the catalogue, same revision cursor): what the counter finds
 * offline. Deactivated customers travel with active=false (the tablet hides them); none is ever deleted.
 * docNumber and email are null when sellers may not see them.
 */
export const pulledCustomer = customerDto.pick({
  id: true,
  uuid: true,
  docType: true,
  name: true,
  ivaConditionId: true,
  address: true,
  phone: true,
  accountEnabled: true,
  creditLimit: true,
  balance: true,
  active: true,
}).extend({ docNumber: z.string().nullable(), email: z.string().nullable() });
export type PulledCustomer = z.infer<typeof pulledCustomer>;

/**
 * A customer the counter created (offline or not): pushed on its own (POST /sync/customers) or inside the
 * sale that first used it (`pushedSale.customer`). The server applies it exactly once by `uuid`; a uuid it
 * does not know with a document another customer already has becomes an alias of that customer (two
 * tablets that created the same buyer offline end with ONE customer).
 */
export const pushedCustomer = z
  .object({
    uuid: z.uuid('debe ser un UUID'),
    ...customerFields,
  })
  .superRefine(checkDocument);
export type PushedCustomer = z.input<typeof pushedCustomer>;
export type PushedCustomerInput = z.output<typeof pushedCustomer>;

export const customersPushBody = z.object({
  deviceId: z.uuid('debe ser un UUID'),
  customers: z
    .array(z.unknown(), { error: 'debe ser una lista' })
    .max(CUSTOMER_LIMITS.pushMaxCustomers, `no puede tener más de ${CUSTOMER_LIMITS.pushMaxCustomers} clientes por envío`),
});
export type CustomersPushBody = z.output<typeof customersPushBody>;

/**
 * applied: created now; duplicate: this uuid was already applied (nothing changed); merged: the uuid was new
 * but its document belongs to an existing customer, which it now names (take `customer.uuid` from here
 * on); rejected: invalid (`reason`, Spanish), nothing written.
 */
export const CUSTOMER_PUSH_STATUSES = ['applied', 'duplicate', 'merged', 'rejected'] as const;
export const customerPushResult = z.object({
  uuid: z.string().nullable(),
  status: z.enum(CUSTOMER_PUSH_STATUSES),
  /** The customer this uuid names on the server (absent when rejected). */
  customer: pulledCustomer.optional(),
  reason: z.string().optional(),
});
export type CustomerPushResult = z.infer<typeof customerPushResult>;

export const customersPushReply = z.object({ results: z.array(customerPushResult), serverTime: z.string() });
export type CustomersPushReply = z.infer<typeof customersPushReply>;
