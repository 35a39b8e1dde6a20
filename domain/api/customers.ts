/**
 * The customer file (issue #33 item 1): list/search, read, create and edit for any signed-in user (sellers
 * at the counter; the cuenta corriente fields and deactivation are admin only); import and export like
 * products (admin). Devices push the customers they created (offline too) through POST /sync/customers.
 */
import { customerCreateBody, customerDto, customerListQuery, customersPushBody, customersPushReply, customerUpdateBody } from '../schemas/customers';
import { idParam, z } from '../schemas/common';
import { importApplyQuery, importPreviewDto, importResultDto } from '../schemas/exports';
import { endpoint } from './endpoint';

export const customersApi = {
  list: endpoint('GET /customers', { query: customerListQuery, reply: z.array(customerDto), paginated: true }),
  get: endpoint('GET /customers/:id', { params: idParam, reply: customerDto }),
  /** 201 created; 200 when its uuid was already known (a retried request): that customer, unchanged. */
  create: endpoint('POST /customers', { body: customerCreateBody, reply: customerDto, status: [201, 200] }),
  update: endpoint('PUT /customers/:id', { params: idParam, body: customerUpdateBody, reply: customerDto }),
  deactivate: endpoint('POST /customers/:id/deactivate', { params: idParam, reply: customerDto }),
  /** Multipart, field "file" (CSV or XLSX): what would change, writing nothing. */
  previewImport: endpoint('POST /customers/import/preview', { reply: importPreviewDto }),
  /** Multipart, the same file, with the preview's fingerprint. */
  applyImport: endpoint('POST /customers/import', { query: importApplyQuery, reply: importResultDto }),
  /** Device credential (x-device-id, x-device-key), like /sync/push: exactly once by uuid, merged by document. */
  push: endpoint('POST /sync/customers', { body: customersPushBody, reply: customersPushReply }),
};
