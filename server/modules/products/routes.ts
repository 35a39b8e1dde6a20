/**
 * Products (docs/spec.md §7): GET /products/catalog is public (with or without a token, never the cost);
 * reads are for any signed-in user; writes are admin only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../domain/messages';
import { catalogQuery, productCreateBody, productListQuery, productUpdateBody, stockPatchBody } from '../../../domain/schemas/products';
import { idParam } from '../../../domain/schemas/common';
import { priceUpdateBody } from '../../../domain/schemas/price-update';
import { currentRevision } from '../../db/revision-repository';
import { ok, paginated } from '../../http/envelope';
import { CatalogCache } from './catalog-cache';
import { applyPrices, previewPrices } from './price-service';
import { changeStock, createProduct, deleteProduct, getProduct, listCatalog, listProducts, updateProduct } from './service';

const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['productos'];
  const security = [{ bearerAuth: [] }];
  const signedIn = { onRequest: [app.authenticate] };
  const admin = { onRequest: [app.requireAdmin] };

  const catalogCache = new CatalogCache();
  app.get('/products/catalog', { schema: { tags, summary: 'Catálogo público (sin costo)', querystring: catalogQuery } }, async (req, reply) => {
    const key = JSON.stringify(req.query);
    const revision = currentRevision(app.db);
    let json = catalogCache.get(key, revision);
    if (json === undefined) {
      const { data, total } = listCatalog(app.db, req.query);
      json = JSON.stringify(paginated(data, req.query.page, req.query.limit, total));
      catalogCache.set(key, revision, json);
    }
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/products', { ...signedIn, schema: { tags, security, summary: 'Productos con filtros', querystring: productListQuery } }, async (req) => {
    const { data, total } = listProducts(app.db, req.query);
    return paginated(data, req.query.page, req.query.limit, total);
  });

  app.get('/products/:id', { ...signedIn, schema: { tags, security, summary: 'Un producto', params: idParam } }, async (req) =>
    ok(getProduct(app.db, req.params.id)),
  );

  app.post('/products', { ...admin, schema: { tags, security, summary: 'Crea un producto', body: productCreateBody } }, async (req, reply) =>
    reply.status(201).send(ok(createProduct(app.db, req.body, req.user.id), MSG.productCreated)),
  );

  app.put(
    '/products/:id',
    { ...admin, schema: { tags, security, summary: 'Modifica un producto', params: idParam, body: productUpdateBody } },
    async (req) => ok(updateProduct(app.db, req.params.id, req.body, req.user.id), MSG.productUpdated),
  );

  app.patch(
    '/products/:id/stock',
    { ...admin, schema: { tags, security, summary: 'Ajusta el stock (set, add, subtract)', params: idParam, body: stockPatchBody } },
    async (req) => ok(changeStock(app.db, req.params.id, req.body, req.user.id), MSG.stockUpdated),
  );

  app.post(
    '/products/prices/preview',
    { ...admin, schema: { tags, security, summary: 'Vista previa de una actualización masiva de precios', body: priceUpdateBody } },
    async (req) => ok(previewPrices(app.db, req.body)),
  );

  app.post(
    '/products/prices',
    { ...admin, schema: { tags, security, summary: 'Actualización masiva de precios (una sola revisión)', body: priceUpdateBody } },
    async (req) => {
      const result = applyPrices(app.db, req.body);
      return ok(result, MSG.pricesUpdated(result.updated));
    },
  );

  app.delete('/products/:id', { ...admin, schema: { tags, security, summary: 'Elimina un producto', params: idParam } }, async (req) => {
    deleteProduct(app.db, req.params.id);
    return { success: true, message: MSG.productDeleted };
  });
};

export default productsRoutes;
