/** Cash sessions of the back office (issue #16, admin) and the setting "Exigir caja abierta para vender". */
import { CASH_MSG } from '../../domain/cash-messages';
import { MSG } from '../../domain/messages';
import { CASH_CONFIG } from '../../domain/cash-rules';
import { api } from './client';

export interface CashSessionsQuery {
  deviceId?: string;
  /** YYYY-MM-DD, or "hoy". */
  date?: string;
  withDifference?: boolean;
}

export const fetchCashSessions = (query: CashSessionsQuery) =>
  api('GET /cash-sessions', { query: { ...query, withDifference: query.withDifference ? 'true' : undefined }, errorMessage: CASH_MSG.listError });

export const fetchCashSession = (id: number) => api('GET /cash-sessions/:id', { params: { id }, errorMessage: CASH_MSG.detailError });

/** The POS reads it when it can (a 401 must not sign the counter out: noRedirect). */
export const fetchCashRequired = () =>
  api('GET /configuration/:categoria/:clave', { params: CASH_CONFIG, noRedirect: true, errorMessage: MSG.configListError });

export const setCashRequired = (on: boolean) =>
  api('PUT /configuration/:categoria/:clave', { params: CASH_CONFIG, json: { valor: String(on) }, errorMessage: MSG.configUpdateError });
