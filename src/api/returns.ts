/** Partial returns ("Devolución") and the credit notes of a sale (domain/schemas/returns.ts). */
import { MSG } from '../../domain/messages';
import type { CreateReturnBody, SaleReturnJson, SaleReturnsJson } from '../../domain/schemas/returns';
import { apiCall } from './client';

export type SaleReturn = SaleReturnJson;
export type SaleReturns = SaleReturnsJson;

export const fetchSaleReturns = (saleId: number) => apiCall<SaleReturns>('get', `sales/${saleId}/returns`, { errorMessage: MSG.saleReturnsError });

export const createSaleReturn = (saleId: number, body: CreateReturnBody) =>
  apiCall<SaleReturn>('post', `sales/${saleId}/returns`, { json: body, errorMessage: MSG.saleReturnError });
