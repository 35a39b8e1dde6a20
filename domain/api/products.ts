/**
 * Products (docs/spec.md §7): the public catalogue (never the cost); reads for any signed-in user (the
 * cost only where the admin lets sellers see it); writes, bulk prices and the import are admin only.
 */
import { catalogItemDto, catalogQuery, productCreateBody, productDto, productListQuery, productUpdateBody, stockPatchBody } from '../schemas/products';
import { idParam, z } from '../schemas/common';
import { importApplyQuery, importPreviewDto, importResultDto } from '../schemas/exports';
import { priceApplyDto, priceChangeDto, priceUpdateBody } from '../schemas/price-update';
import { endpoint, noData } from './endpoint';

export const productsApi = {
  catalog: endpoint('GET /products/catalog', { query: catalogQuery, reply: z.array(catalogItemDto), paginated: true }),
  list: endpoint('GET /products', { query: productListQuery, reply: z.array(productDto), paginated: true }),
  get: endpoint('GET /products/:id', { params: idParam, reply: productDto }),
  create: endpoint('POST /products', { body: productCreateBody, reply: productDto, status: 201 }),
  update: endpoint('PUT /products/:id', { params: idParam, body: productUpdateBody, reply: productDto }),
  setStock: endpoint('PATCH /products/:id/stock', { params: idParam, body: stockPatchBody, reply: productDto }),
  previewPrices: endpoint('POST /products/prices/preview', { body: priceUpdateBody, reply: z.array(priceChangeDto) }),
  applyPrices: endpoint('POST /products/prices', { body: priceUpdateBody, reply: priceApplyDto }),
  remove: endpoint('DELETE /products/:id', { params: idParam, reply: noData }),
  /** Multipart, field "file" (CSV or XLSX): what would change, writing nothing. */
  previewImport: endpoint('POST /products/import/preview', { reply: importPreviewDto }),
  /** Multipart, the same file, with the preview's fingerprint. */
  applyImport: endpoint('POST /products/import', { query: importApplyQuery, reply: importResultDto }),
};
