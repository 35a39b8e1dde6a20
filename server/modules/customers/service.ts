/**
 * Customer rules (issue #33 item 1). Invariants kept here:
 * - one customer per document (customers_doc_uq): a create or edit with a document another customer holds
 *   is a 409 that names it; a device's push with such a document becomes an alias of that customer, never
 *   a second one (on PostgreSQL two units may both miss the other's row: the unique index refuses the
 *   second, which then finds the first and aliases to it);
 * - a uuid is applied once: a customer created again with a known uuid (its own or an alias) is the same
 *   customer, nothing changes;
 * - search_text is recomputed (customerSearchText) on every write of name, document, phone or e-mail;
 * - the document is checked with its type and IVA condition (CUIT/CUIL check digit, domain/customers.ts)
 *   on every create and edit, against the stored values for the fields an edit leaves out;
 * - sellers create and edit at the counter; the cuenta corriente (accountEnabled, creditLimit) and
 *   deactivation are admin only; a seller reads documents and e-mails only while the admin lets them.
 */
import { CUSTOMER_MSG, customerDocumentProblem, customerSearchText, customerSearchWords, type CustomerDocType } from '../../../domain/customers';
import type { CondicionIvaReceptor } from '../../../domain/invoicing/codes';
import { toCents } from '../../../domain/money';
import type { CustomerCreateInput, CustomerDto, CustomerListQuery, CustomerUpdateInput, PushedCustomerInput } from '../../../domain/schemas/customers';
import { isUniqueViolation } from '../../db/constraint';
import { savepoint, type Q, type Store } from '../../db/store';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { forViewer, toCustomerDto, type CustomerRow } from './dto';
import { customersRepository, type CustomerPatch } from './repository';
import { customerDataVisible } from './visibility';

export interface Viewer {
  id: number;
  role: 'admin' | 'vendedor';
}

const isAdmin = (viewer: Viewer) => viewer.role === 'admin';

/** Whether this viewer reads documents and e-mails (admins always; sellers per the privacy setting). */
export const showsCustomerData = async (q: Q, viewer: Viewer): Promise<boolean> => isAdmin(viewer) || customerDataVisible(q);

async function requireRow(q: Q, id: number): Promise<CustomerRow> {
  const row = await customersRepository.findById(q, id);
  if (!row) throw notFound(CUSTOMER_MSG.notFound);
  return row;
}

async function refuseTakenDocument(q: Q, docType: number, docNumber: string | null, selfId = 0): Promise<void> {
  if (docNumber === null) return;
  const other = await customersRepository.findByDocument(q, docType, docNumber, selfId);
  if (other) throw conflict(CUSTOMER_MSG.duplicateDocument(other.name), { customer: { id: other.id, name: other.name } });
}

/** PostgreSQL: a concurrent unit took the document after the check saw it free (customers_doc_uq). */
async function documentTakenMeanwhile(store: Store, error: unknown, docType: number, docNumber: string | null): Promise<never> {
  if (!isUniqueViolation(error) || docNumber === null) throw error;
  const other = await store.read((q) => customersRepository.findByDocument(q, docType, docNumber));
  if (!other) throw error;
  throw conflict(CUSTOMER_MSG.duplicateDocument(other.name), { customer: { id: other.id, name: other.name } });
}

export async function listCustomers(store: Store, query: CustomerListQuery, viewer: Viewer): Promise<{ data: CustomerDto[]; total: number }> {
  return store.read(async (q) => {
    const { rows, total } = await customersRepository.list(
      q,
      { words: customerSearchWords(query.search), active: query.active, account: query.account },
      { limit: query.limit, offset: (query.page - 1) * query.limit },
    );
    const show = await showsCustomerData(q, viewer);
    return { data: rows.map((r) => forViewer(toCustomerDto(r), show)), total };
  });
}

export function getCustomer(store: Store, id: number, viewer: Viewer): Promise<CustomerDto> {
  return store.read(async (q) => forViewer(toCustomerDto(await requireRow(q, id)), await showsCustomerData(q, viewer)));
}

/**
 * Creates a customer (back office or counter, online). A uuid the server already knows answers that
 * customer with `created: false` (a retried request), whatever the body.
 */
export async function createCustomer(store: Store, input: CustomerCreateInput, viewer: Viewer): Promise<{ customer: CustomerDto; created: boolean }> {
  if (!isAdmin(viewer) && (input.accountEnabled || input.creditLimit !== null)) throw forbidden(CUSTOMER_MSG.accountAdminOnly);
  try {
    return await store.write(async (tx) => {
      const show = await showsCustomerData(tx, viewer);
      const known = input.uuid ? await customersRepository.findByUuid(tx, input.uuid) : undefined;
      if (known) return { customer: forViewer(toCustomerDto(known), show), created: false };
      await refuseTakenDocument(tx, input.docType, input.docNumber);
      const row = await customersRepository.insert(tx, {
        uuid: input.uuid ?? crypto.randomUUID(),
        docType: input.docType,
        docNumber: input.docNumber,
        name: input.name,
        ivaConditionId: input.ivaConditionId,
        address: input.address,
        phone: input.phone,
        email: input.email,
        notes: input.notes,
        accountEnabled: input.accountEnabled,
        creditLimitCents: input.creditLimit === null ? null : toCents(input.creditLimit),
        active: true,
        searchText: customerSearchText(input),
        createdByUserId: viewer.id,
        createdByDeviceId: null,
      });
      return { customer: forViewer(toCustomerDto(row), show), created: true };
    });
  } catch (error) {
    return documentTakenMeanwhile(store, error, input.docType, input.docNumber);
  }
}

export async function updateCustomer(store: Store, id: number, input: CustomerUpdateInput, viewer: Viewer): Promise<CustomerDto> {
  if (!isAdmin(viewer) && (input.accountEnabled !== undefined || input.creditLimit !== undefined || input.active !== undefined)) throw forbidden(CUSTOMER_MSG.accountAdminOnly);
  let checked: { docType: number; docNumber: string | null } = { docType: 0, docNumber: null };
  try {
    return await store.write(async (tx) => {
      await customersRepository.lock(tx, id);
      const current = await requireRow(tx, id);
      const docType = (input.docType ?? current.docType) as CustomerDocType;
      // Turning a customer into «sin identificar» drops its number unless the edit sends one.
      const docNumber = input.docNumber !== undefined ? input.docNumber : input.docType === 99 ? null : current.docNumber;
      const ivaConditionId = (input.ivaConditionId ?? current.ivaConditionId) as CondicionIvaReceptor;
      const problem = customerDocumentProblem(docType, docNumber, ivaConditionId);
      if (problem) throw badRequest(`Número de documento: ${problem}`);
      checked = { docType, docNumber };
      await refuseTakenDocument(tx, docType, docNumber, id);
      const next = {
        name: input.name ?? current.name,
        docNumber,
        phone: input.phone !== undefined ? input.phone : current.phone,
        email: input.email !== undefined ? input.email : current.email,
      };
      const patch: CustomerPatch = {
        docType,
        docNumber,
        name: next.name,
        ivaConditionId,
        ...(input.address !== undefined && { address: input.address }),
        ...(input.phone !== undefined && { phone: input.phone }),
        ...(input.email !== undefined && { email: input.email }),
        ...(input.notes !== undefined && { notes: input.notes }),
        ...(input.accountEnabled !== undefined && { accountEnabled: input.accountEnabled }),
        ...(input.creditLimit !== undefined && { creditLimitCents: input.creditLimit === null ? null : toCents(input.creditLimit) }),
        ...(input.active !== undefined && { active: input.active }),
        searchText: customerSearchText(next),
      };
      const row = await customersRepository.update(tx, id, patch);
      return forViewer(toCustomerDto(row!), await showsCustomerData(tx, viewer));
    });
  } catch (error) {
    return documentTakenMeanwhile(store, error, checked.docType, checked.docNumber);
  }
}

/** Hides the customer from the counter and the lists of active customers; its history stays. Admin only. */
export function deactivateCustomer(store: Store, id: number): Promise<CustomerDto> {
  return store.write(async (tx) => {
    const current = await requireRow(tx, id);
    if (!current.active) return toCustomerDto(current);
    return toCustomerDto((await customersRepository.update(tx, id, { active: false }))!);
  });
}

// Customers the counter created (push) ---------------------------------------------------------------

export type PushedCustomerOutcome = { status: 'applied' | 'duplicate' | 'merged'; row: CustomerRow };

/**
 * Applies a customer a device created, inside the caller's unit (a customers push, or the sale that first
 * used it): exactly once by uuid; a new uuid whose document another customer holds becomes that customer's
 * alias ('merged'). The insert runs in a savepoint so a concurrent unit's insert of the same document
 * (PostgreSQL) ends in the alias instead of failing the caller.
 */
export async function applyPushedCustomer(tx: Q, input: PushedCustomerInput, deviceId: string | null, userId: number | null): Promise<PushedCustomerOutcome> {
  const known = await customersRepository.findByUuid(tx, input.uuid);
  if (known) return { status: 'duplicate', row: known };
  const byDocument = async () => (input.docNumber === null ? undefined : customersRepository.findByDocument(tx, input.docType, input.docNumber));
  const existing = await byDocument();
  if (existing) {
    await customersRepository.insertAlias(tx, input.uuid, existing.id, deviceId);
    return { status: 'merged', row: existing };
  }
  try {
    const row = await savepoint(tx, () =>
      customersRepository.insert(tx, {
        uuid: input.uuid,
        docType: input.docType,
        docNumber: input.docNumber,
        name: input.name,
        ivaConditionId: input.ivaConditionId,
        address: input.address,
        phone: input.phone,
        email: input.email,
        notes: input.notes,
        accountEnabled: false,
        creditLimitCents: null,
        active: true,
        searchText: customerSearchText(input),
        createdByDeviceId: deviceId,
        createdByUserId: userId,
      }),
    );
    return { status: 'applied', row };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const sameUuid = await customersRepository.findByUuid(tx, input.uuid);
    if (sameUuid) return { status: 'duplicate', row: sameUuid };
    const taken = await byDocument();
    if (!taken) throw error;
    await customersRepository.insertAlias(tx, input.uuid, taken.id, deviceId);
    return { status: 'merged', row: taken };
  }
}

/** The customer a uuid names (its own or an alias), for a pushed sale that refers to one. */
export const customerByUuid = (q: Q, uuid: string) => customersRepository.findByUuid(q, uuid);
