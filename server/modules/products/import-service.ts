/**
 * Product import (issue #15 item 2): the preview computes the plan and writes nothing; applying
 * recomputes it inside one transaction, refuses it if its fingerprint is not the one the owner saw
 * (the file or the catalogue changed meanwhile), then creates and updates every valid row — all or
 * nothing — as one catalogue revision. Refused rows are skipped, as the preview said.
 */
import { ivaRateToBp } from '../../../domain/invoicing/codes';
import { MSG } from '../../../domain/messages';
import { toCents } from '../../../domain/money';
import { IMPORT_MAX_ROWS, type ImportPreviewDto, type ImportResultDto } from '../../../domain/schemas/exports';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../http/errors';
import { applyStockDeltaSqlite as applyStockDelta } from '../stock/repository';
import { namedRefs, productsWithCode, stampRevision } from './import-repository';
import { buildPlan, mapHeaders, type Plan } from './import-plan';
import { productsRepository, type NewProductRow } from './repository';
import { productSearchText } from './search';
import type { SheetCell } from './sheet-reader';

function plan(db: Db, rows: SheetCell[][]): Plan {
  if (rows.length < 2) throw badRequest(MSG.importNoRows);
  if (rows.length - 1 > IMPORT_MAX_ROWS) throw badRequest(MSG.importTooManyRows(IMPORT_MAX_ROWS));
  const { columns, missing } = mapHeaders(rows[0]);
  if (missing.length > 0) throw badRequest(MSG.importMissingColumns(missing));
  const result = buildPlan(rows, columns, { products: productsWithCode(db), ...namedRefs(db) });
  if (result.rows.length === 0) throw badRequest(MSG.importNoRows);
  return result;
}

export function previewImport(db: Db, rows: SheetCell[][]): ImportPreviewDto {
  const { rows: planned, ...summary } = plan(db, rows);
  return { ...summary, rows: planned.map(({ input: _input, productId: _id, ...row }) => row) };
}

export function applyImport(db: Db, rows: SheetCell[][], fingerprint: string, userId: number): ImportResultDto {
  return db.transaction(() => {
    const current = plan(db, rows);
    if (current.fingerprint !== fingerprint) throw conflict(MSG.importChanged);
    if (current.creates + current.updates === 0) throw badRequest(MSG.importNothing);
    const touched: number[] = [];
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
        productsRepository.update(db, row.productId, fields);
        touched.push(row.productId);
      } else {
        const { id } = productsRepository.insert(db, { ...fields, code: input.code, name: input.name, priceCents: toCents(input.price), stock: 0, image: null });
        if (input.stock !== 0) applyStockDelta(db, id, input.stock, 'initial', { userId });
        touched.push(id);
      }
    }
    return { created: current.creates, updated: current.updates, revision: stampRevision(db, touched) };
  });
}
