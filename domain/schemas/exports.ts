/**
 * Export and import of spreadsheets (issue #15 item 2). Exports are CSV (UTF-8 with BOM, ";" separator,
 * es-AR numbers and dates, as Excel es-AR opens it) or .xlsx; dated datasets take an optional range of
 * whole local days. The product import is previewed first and applied only with the preview's fingerprint.
 */
import { z } from './common';
import { day, REPORT_END_BEFORE_START } from './reports';

export const EXPORT_DATASETS = ['productos', 'ventas', 'facturas', 'movimientos-stock', 'mensajes', 'clientes'] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportParams = z.object({
  dataset: z.enum(EXPORT_DATASETS, { error: 'debe ser productos, ventas, facturas, movimientos-stock, mensajes o clientes' }),
});

export const exportQuery = z
  .object({
    format: z.enum(EXPORT_FORMATS, { error: 'debe ser csv o xlsx' }).optional().default('xlsx'),
    startDate: day.optional(),
    endDate: day.optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.endDate >= q.startDate, { path: ['endDate'], message: REPORT_END_BEFORE_START });
export type ExportQuery = z.output<typeof exportQuery>;

/** Largest product import accepted (bytes and data rows). */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

export const importApplyQuery = z.object({
  fingerprint: z.string({ error: 'es obligatoria' }).regex(/^[0-9a-f]{64}$/, 'no es una vista previa válida'),
});

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** One field that the import would change, with its old and new value as shown in the sheet. */
export const importChange = z.object({ field: z.string(), label: z.string(), from: z.string(), to: z.string() });
export type ImportChange = z.infer<typeof importChange>;

export const importRowDto = z.object({
  /** Row number in the spreadsheet (the header is row 1). */
  row: z.number().int(),
  code: z.string(),
  name: z.string(),
  action: z.enum(IMPORT_ACTIONS),
  changes: z.array(importChange),
  /** Spanish reasons the row is refused ("Precio: debe ser un número"); the row is skipped when applied. */
  errors: z.array(z.string()),
});
export type ImportRowDto = z.infer<typeof importRowDto>;

export const importPreviewDto = z.object({
  rows: z.array(importRowDto),
  creates: z.number().int(),
  updates: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
  /** SHA-256 of the plan: applying sends it back, and a plan that changed meanwhile is refused. */
  fingerprint: z.string(),
});
export type ImportPreviewDto = z.infer<typeof importPreviewDto>;

export const importResultDto = z.object({ created: z.number().int(), updated: z.number().int(), revision: z.number().int().nullable() });
export type ImportResultDto = z.infer<typeof importResultDto>;
