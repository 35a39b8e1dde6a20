/**
 * The accountant's files (issue #37): the Libro IVA Digital sales files and the IVA Simple débito-fiscal
 * summary for a range of whole days (a month, usually), read from the current issuer's book.
 */
import { z } from './common';
import { reportQuery } from './reports';

export const LIBRO_IVA_FILES = ['comprobantes', 'alicuotas'] as const;
export type LibroIvaFile = (typeof LIBRO_IVA_FILES)[number];

/** Like the reports: whole local days, by default the first of this month to today, at most 366 days. */
export const accountingPeriodQuery = reportQuery;
export type AccountingPeriodQuery = z.output<typeof accountingPeriodQuery>;

export const libroIvaParams = z.object({
  file: z.enum(LIBRO_IVA_FILES, { error: 'debe ser comprobantes o alicuotas' }),
});

export const ivaSimpleQuery = reportQuery.and(
  z.object({ actividad: z.string().trim().regex(/^\d{6}$/, 'debe ser el código de actividad de 6 dígitos').optional() }),
);
