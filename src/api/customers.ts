/** The customer file (issue #33 item 1, domain/api/customers.ts): list/search paged, create, edit, deactivate, import. */
import { MSG } from '../../domain/messages';
import type { CustomerCreateInput, CustomerDto, CustomerUpdateInput } from '../../domain/schemas/customers';
import { CUSTOMER_MSG } from '../offline/customer-messages';
import { api } from './client';

export type Customer = CustomerDto;

export interface CustomerQuery {
  search?: string;
  page?: number;
  limit?: number;
}

export const fetchCustomers = (query: CustomerQuery) => api('GET /customers', { query, errorMessage: CUSTOMER_MSG.listError });

export const createCustomer = (payload: CustomerCreateInput) => api('POST /customers', { json: payload, errorMessage: CUSTOMER_MSG.saveError });

export const updateCustomer = (id: number, payload: CustomerUpdateInput) => api('PUT /customers/:id', { params: { id }, json: payload, errorMessage: CUSTOMER_MSG.saveError });

export const deactivateCustomer = (id: number) => api('POST /customers/:id/deactivate', { params: { id }, errorMessage: CUSTOMER_MSG.deactivateError });

function fileBody(file: File): FormData {
  const body = new FormData();
  body.append('file', file);
  return body;
}

export const previewCustomerImport = (file: File) => api('POST /customers/import/preview', { body: fileBody(file), errorMessage: MSG.importError });

export const applyCustomerImport = (file: File, fingerprint: string) =>
  api('POST /customers/import', { body: fileBody(file), query: { fingerprint }, errorMessage: MSG.importError });
