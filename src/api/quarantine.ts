/** Pushed sales the server rejected, kept with their bodies (admin; issue #29, docs/sync.md). */
import { MSG } from '../../domain/messages';
import type { QuarantinedSaleJson } from '../../domain/schemas/sync';
import { api } from './client';

export type QuarantinedSale = QuarantinedSaleJson;

export const fetchQuarantine = () => api('GET /sync/quarantine', { query: { limit: 100 }, errorMessage: MSG.quarantineListError });
