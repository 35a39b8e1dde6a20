/** Spreadsheet export (GET /exports/:dataset, admin) and the product import preview / apply (issue #15). */
import { MSG } from '../../domain/messages';
import type { ExportDataset, ExportFormat } from '../../domain/schemas/exports';
import { api, apiDownload } from './client';

export interface ExportRange {
  startDate?: string | null;
  endDate?: string | null;
}

export function downloadExport(dataset: ExportDataset, format: ExportFormat, range: ExportRange = {}) {
  const query = new URLSearchParams({ format });
  if (range.startDate) query.set('startDate', range.startDate);
  if (range.endDate) query.set('endDate', range.endDate);
  return apiDownload(`exports/${dataset}?${query.toString()}`, MSG.exportError);
}

function fileBody(file: File): FormData {
  const body = new FormData();
  body.append('file', file);
  return body;
}

export const previewImport = (file: File) =>
  api('POST /products/import/preview', { body: fileBody(file), errorMessage: MSG.importError });

export const applyImport = (file: File, fingerprint: string) =>
  api('POST /products/import', { body: fileBody(file), query: { fingerprint }, errorMessage: MSG.importError });
