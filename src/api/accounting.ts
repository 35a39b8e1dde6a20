/** The accountant's files (issue #37, admin): Libro IVA Digital — ventas, the Excel sales book and IVA Simple, one file per download. */
import { MSG } from '../../domain/messages';
import type { LibroIvaFile } from '../../domain/schemas/accounting';
import type { z } from '../../domain/schemas/common';
import type { monotributoSettingsBody } from '../../domain/schemas/monotributo';
import { api, apiDownload } from './client';

type MonotributoSettingsBody = z.input<typeof monotributoSettingsBody>;

export interface AccountingPeriod {
  startDate: string;
  endDate: string;
}

const periodQuery = (p: AccountingPeriod) => new URLSearchParams({ startDate: p.startDate, endDate: p.endDate }).toString();

export const downloadLibroIva = (file: LibroIvaFile, period: AccountingPeriod) =>
  apiDownload(`accounting/libro-iva/${file}?${periodQuery(period)}`, MSG.exportError);

export const downloadSalesBook = (period: AccountingPeriod) => apiDownload(`accounting/sales-book?${periodQuery(period)}`, MSG.exportError);

/** IVA Simple's débito fiscal (CSV); `actividad` is the shop's 6-digit activity code, when it has one. */
export const downloadIvaSimple = (period: AccountingPeriod, actividad: string) => {
  const query = new URLSearchParams({ startDate: period.startDate, endDate: period.endDate });
  if (actividad) query.set('actividad', actividad);
  return apiDownload(`accounting/iva-simple?${query.toString()}`, MSG.exportError);
};

/** The monotributo tracker (issue #37.4, admin): the 12-month figure against the category, and its settings. */
export const fetchMonotributoStatus = () => api('GET /accounting/monotributo', { errorMessage: MSG.monotributoStatusError });
export const fetchMonotributoSettings = () => api('GET /accounting/monotributo/settings', { errorMessage: MSG.monotributoSettingsGetError });
export const saveMonotributoSettings = (body: MonotributoSettingsBody) =>
  api('PUT /accounting/monotributo/settings', { json: body, errorMessage: MSG.monotributoSettingsSaveError });
