/** Partial returns ("Devolución") and the credit notes of a sale (domain/schemas/returns.ts). */
import { MSG } from '../../domain/messages';
import type { CreateReturnBody, SaleReturnJson, SaleReturnsJson } from '../../domain/schemas/returns';
import { RETURN_RULES_CATEGORY } from '../../domain/sale-returns-rules';
import { api } from './client';

export type SaleReturn = SaleReturnJson;
export type SaleReturns = SaleReturnsJson;

export const fetchSaleReturns = (saleId: number) => api('GET /sales/:id/returns', { params: { id: saleId }, errorMessage: MSG.saleReturnsError });

export const createSaleReturn = (saleId: number, body: CreateReturnBody) =>
  api('POST /sales/:id/returns', { params: { id: saleId }, json: body, errorMessage: MSG.saleReturnError });

/** The owner's rules for sellers' returns (configuration categoria "devoluciones", readable by any signed-in user). */
export const fetchReturnRules = () => api('GET /configuration', { query: { categoria: RETURN_RULES_CATEGORY }, errorMessage: MSG.configListError });
