/**
 * Configuration entries (docs/spec.md §7): the sales numbering is read with categoria=ventas, saved one PUT per
 * key; the sellers' visibility switches live in categoria=privacidad.
 */
import { MSG } from '../../domain/messages';
import { NUMBERING_CATEGORY, VISIBILITY_CATEGORY, type ConfigEntry } from '../../domain/schemas/configuration';
import { api } from './client';

export type { ConfigEntry };

export const fetchSalesConfiguration = () =>
  api('GET /configuration', { query: { categoria: NUMBERING_CATEGORY }, errorMessage: MSG.salesConfigGetError });

export const updateConfigValue = (categoria: string, clave: string, valor: string) =>
  api('PUT /configuration/:categoria/:clave', { params: { categoria, clave }, json: { valor }, errorMessage: MSG.configUpdateError });

export const fetchVisibilityConfiguration = () =>
  api('GET /configuration', { query: { categoria: VISIBILITY_CATEGORY }, errorMessage: MSG.configListError });
