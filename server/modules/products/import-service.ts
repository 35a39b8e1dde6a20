/**
 * Product import (issue #15 item 2): the preview computes the plan and writes nothing; applying
 * recomputes it inside one transaction, refuses it if its fingerprint is not the one the owner saw
 * (the file or the catalogue changed meanwhile), then creates and updates every valid row — all or
 * nothing; each written product takes a revision of its own (issue #29). Refused rows are skipped, as the
 * preview said.
 */
import { ivaRateToBp } from '../../../domain/invoicing/codes';
import { MSG } from '../../../domain/messages';
import { toCents } from '../../../domain/money';
import { IMPORT_MAX_ROWS, type ImportPreviewDto, type ImportResultDto } from '../../../domain/schemas/exports';
import type { Q, Store } from '../../db/store';
import { badRequest, conflict } from '../../http/errors';
import { applyStockDelta } from '../stock/repository';
import { catalogRevision } from '../../db/revision-repository';
import { namedRefs, productsWithCode } from './import-repository';
import { buildPlan, mapHeaders, type Plan } from './import-plan';
import { productsRepository, type NewProductRow } from './repository';
import { productSearchText } from './search';
import type { SheetCell } from './sheet-reader';

async function plan(q: Q, rows: SheetCell[][]): Promise<Plan> {
  if (rows.length < 2) throw badRequest(MSG.importNoRows);
  if (rows.length - 1 > IMPORT_MAX_ROWS) throw badRequest(MSG.importTooManyRows(IMPORT_MAX_ROWS));
  const { columns, missing } = mapHeaders(rows[0]);
  if (missing.length > 0) throw badRequest(MSG.importMissingColumns(missing));
  const result = buildPlan(rows, columns, { products: await productsWithCode(q), ...(await namedRefs(q)) });
  if (result.rows.length === 0) throw badRequest(MSG.importNoRows);
  return result;
}

export async function previewImport(store: Store, rows: SheetCell[][]): Promise<ImportPreviewDto> {
  const { rows: planned, ...summary } = await store.read((q) => plan(q, rows));
  return { ...summary, rows: planned.map(({ input: _input, productId: _id, ...row }) => row) };
}

export function applyImport(store: Store, rows: SheetCell[][], fingerprint: string, userId: number): Promise<ImportResultDto> {
  return store.write(async (tx) => {
    const current = await plan(tx, rows);
    if (current.fingerprint !== fingerprint) throw conflict(MSG.importChanged);
    if (current.creates + current.updates === 0) throw badRequest(MSG.importNothing);
    for (const row of current.rows) {
      const input = row.input;
      if (!input || (row.action !== 'create' && row.action !== 'update')) continue;
      const fields: Partial<NewProductRow> = {
        name: input.name,
        description: input.description,
        priceCents: toCents(input.price),
        costCents: toCents(input.cost),
        minStock: input.minStock,
        categoryId: input.categoryId,
        brandId: input.brandId,
        ivaRateBp: ivaRateToBp(input.ivaRate),
        active: input.active,
        showInCatalog: input.showInCatalog,
        searchText: productSearchText(input),
      };
      if (row.action === 'update' && row.productId) {
        await productsRepository.update(tx, row.productId, fields);
      } else {
        const { id } = await productsRepository.insert(tx, { ...fields, code: input.code, name: input.name, priceCents: toCents(input.price), stock: 0, image: null });
        if (input.stock !== 0) await applyStockDelta(tx, id, input.stock, 'initial', { userId });
      }
    }
    return { created: current.creates, updated: current.updates, revision: await catalogRevision(tx) };
  });
}
