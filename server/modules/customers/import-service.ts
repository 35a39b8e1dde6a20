/**
 * Customer import (issue #33 item 1), like the product import: the preview computes the plan and writes
 * nothing; applying recomputes it inside one transaction, refuses it if its fingerprint is not the one the
 * owner saw, then creates and updates every valid row — all or nothing (each row takes a revision of its
 * own, so the tablets pull them). The document's uniqueness holds: rows are matched by document.
 */
import { CUSTOMER_IMPORT_MSG, customerSearchText } from '../../../domain/customers';
import { MSG } from '../../../domain/messages';
import { toCents } from '../../../domain/money';
import { IMPORT_MAX_ROWS, type ImportPreviewDto, type ImportResultDto } from '../../../domain/schemas/exports';
import { catalogRevision } from '../../db/revision-repository';
import type { Q, Store } from '../../db/store';
import { badRequest, conflict } from '../../http/errors';
import type { SheetCell } from '../products/sheet-reader';
import { buildCustomerPlan, mapCustomerHeaders, type CustomerPlan } from './import-plan';
import { customersRepository } from './repository';

async function plan(q: Q, rows: SheetCell[][]): Promise<CustomerPlan> {
  if (rows.length < 2) throw badRequest(CUSTOMER_IMPORT_MSG.noRows);
  if (rows.length - 1 > IMPORT_MAX_ROWS) throw badRequest(MSG.importTooManyRows(IMPORT_MAX_ROWS));
  const { columns, missing } = mapCustomerHeaders(rows[0]);
  if (missing.length > 0) throw badRequest(MSG.importMissingColumns(missing));
  const result = buildCustomerPlan(rows, columns, await customersRepository.all(q));
  if (result.rows.length === 0) throw badRequest(CUSTOMER_IMPORT_MSG.noRows);
  return result;
}

export async function previewCustomerImport(store: Store, rows: SheetCell[][]): Promise<ImportPreviewDto> {
  const { rows: planned, ...summary } = await store.read((q) => plan(q, rows));
  return { ...summary, rows: planned.map(({ input: _input, customerId: _id, ...row }) => row) };
}

export function applyCustomerImport(store: Store, rows: SheetCell[][], fingerprint: string, userId: number): Promise<ImportResultDto> {
  return store.write(async (tx) => {
    const current = await plan(tx, rows);
    if (current.fingerprint !== fingerprint) throw conflict(CUSTOMER_IMPORT_MSG.changed);
    if (current.creates + current.updates === 0) throw badRequest(MSG.importNothing);
    for (const row of current.rows) {
      const input = row.input;
      if (!input || (row.action !== 'create' && row.action !== 'update')) continue;
      const fields = {
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
        active: input.active,
        searchText: customerSearchText(input),
      };
      if (row.action === 'update' && row.customerId) await customersRepository.update(tx, row.customerId, fields);
      else await customersRepository.insert(tx, { ...fields, uuid: crypto.randomUUID(), createdByUserId: userId, createdByDeviceId: null });
    }
    return { created: current.creates, updated: current.updates, revision: await catalogRevision(tx) };
  });
}
