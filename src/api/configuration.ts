/**
 * Configuration entries (docs/spec.md §7): the sales numbering is read with categoria=ventas, saved one PUT per
 * key; the sellers' visibility switches live in categoria=privacidad.
 */
import { MSG } from '../../domain/messages';
import { NUMBERING_CATEGORY, VISIBILITY_CATEGORY, type ConfigEntry } from '../../domain/schemas/configuration';
import { apiCall } from './client';

export type { ConfigEntry };

export const fetchSalesConfiguration = () =>
  apiCall<ConfigEntry[]>('get', 'configuration', { query: { categoria: NUMBERING_CATEGORY }, errorMessage: MSG.salesConfigGetError });

export const updateConfigValue = (categoria: string, clave: string, valor: string) =>
  apiCall<ConfigEntry>('put', `configuration/${categoria}/${clave}`, { json: { valor }, errorMessage: MSG.configUpdateError });

export const fetchVisibilityConfiguration = () =>
  apiCall<ConfigEntry[]>('get', 'configuration', { query: { categoria: VISIBILITY_CATEGORY }, errorMessage: MSG.configListError });
