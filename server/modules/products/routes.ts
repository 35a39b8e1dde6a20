/**
 * Products (docs/spec.md §7), described in domain/api/products.ts: GET /products/catalog is public (with or
 * without a token, never the cost); reads are for any signed-in user; writes are admin only.
 * The catalogue's JSON is serialised through its reply schema once per query and revision, then cached.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathOf } from '../../../domain/api/endpoint';
import { productsApi as api } from '../../../domain/api/products';
import { MSG } from '../../../domain/messages';
import { catalogRevision } from '../../db/revision-repository';
import { schemaOf } from '../../http/endpoint-schema';
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
  app.get(pathOf(api.catalog.key), { schema: schemaOf(api.catalog, { tags, summary: 'Catálogo público (sin costo)' }) }, async (req, reply) => {
    const key = JSON.stringify(req.query);
    // The revision is read before the page: a commit in between leaves newer rows under the older
    // revision (computed again on the next request), never older rows under the newer one.
    const revision = await app.store.read(catalogRevision);
    let json = catalogCache.get(key, revision);
    if (json === undefined) {
      const { data, total } = await listCatalog(app.store, req.query);
      // The route's serializer (the reply schema): the cached text is what the schema lets out.
      json = reply.serialize(paginated(data, req.query.page, req.query.limit, total)) as string;
      catalogCache.set(key, revision, json);
    }
    // A string is sent as it is (already serialised above), hence the cast past the typed reply.
    return reply.type('application/json; charset=utf-8').send(json as never);
  });

  app.get(pathOf(api.list.key), { ...signedIn, schema: schemaOf(api.list, { tags, security, summary: 'Productos con filtros' }) }, async (req) => {
    const { data, total } = await listProducts(app.store, req.query);
    return paginated(data, req.query.page, req.query.limit, total);
  });

  app.get(pathOf(api.get.key), { ...signedIn, schema: schemaOf(api.get, { tags, security, summary: 'Un producto' }) }, async (req) =>
    ok(await getProduct(app.store, req.params.id)),
  );

  app.post(pathOf(api.create.key), { ...admin, schema: schemaOf(api.create, { tags, security, summary: 'Crea un producto' }) }, async (req, reply) =>
    reply.status(201).send(ok(await createProduct(app.store, req.body, req.user.id), MSG.productCreated)),
  );

  app.put(pathOf(api.update.key), { ...admin, schema: schemaOf(api.update, { tags, security, summary: 'Modifica un producto' }) }, async (req) =>
    ok(await updateProduct(app.store, req.params.id, req.body, req.user.id), MSG.productUpdated),
  );

  app.patch(
    pathOf(api.setStock.key),
    { ...admin, schema: schemaOf(api.setStock, { tags, security, summary: 'Ajusta el stock (set, add, subtract)' }) },
    async (req) => ok(await changeStock(app.store, req.params.id, req.body, req.user.id), MSG.stockUpdated),
  );

  app.post(
    pathOf(api.previewPrices.key),
    { ...admin, schema: schemaOf(api.previewPrices, { tags, security, summary: 'Vista previa de una actualización masiva de precios' }) },
    async (req) => ok(await previewPrices(app.store, req.body)),
  );

  app.post(
    pathOf(api.applyPrices.key),
    { ...admin, schema: schemaOf(api.applyPrices, { tags, security, summary: 'Actualización masiva de precios (una sola revisión)' }) },
    async (req) => {
      const result = await applyPrices(app.store, req.body);
      return ok(result, MSG.pricesUpdated(result.updated));
    },
  );

  app.delete(pathOf(api.remove.key), { ...admin, schema: schemaOf(api.remove, { tags, security, summary: 'Elimina un producto' }) }, async (req) => {
    await deleteProduct(app.store, req.params.id);
    return { success: true as const, message: MSG.productDeleted };
  });
};

export default productsRoutes;
