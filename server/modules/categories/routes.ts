/** Categories (docs/spec.md §7): GET /categories/public is open; reads need a session; writes are admin only. Described in domain/api/categories.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoriesApi as api } from '../../../domain/api/categories';
import { pathOf } from '../../../domain/api/endpoint';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { createCategory, deleteCategory, getCategory, listCategories, listPublicCategories, updateCategory } from './service';

const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['categorías'];
  const security = [{ bearerAuth: [] }];
  const signedIn = { onRequest: [app.authenticate] };
  const admin = { onRequest: [app.requireAdmin] };

  app.get(pathOf(api.listPublic.key), { schema: schemaOf(api.listPublic, { tags, summary: 'Categorías activas (público)' }) }, async () =>
    ok(await listPublicCategories(app.store), MSG.categoriesPublicListed),
  );

  app.get(pathOf(api.list.key), { ...signedIn, schema: schemaOf(api.list, { tags, security, summary: 'Categorías' }) }, async (req) =>
    ok(await listCategories(app.store, req.query.active)),
  );

  app.get(pathOf(api.get.key), { ...signedIn, schema: schemaOf(api.get, { tags, security, summary: 'Una categoría' }) }, async (req) =>
    ok(await getCategory(app.store, req.params.id)),
  );

  app.post(pathOf(api.create.key), { ...admin, schema: schemaOf(api.create, { tags, security, summary: 'Crea una categoría' }) }, async (req, reply) =>
    reply.status(201).send(ok(await createCategory(app.store, req.body), MSG.categoryCreated)),
  );

  app.put(
    pathOf(api.update.key),
    { ...admin, schema: schemaOf(api.update, { tags, security, summary: 'Modifica una categoría' }) },
    async (req) => ok(await updateCategory(app.store, req.params.id, req.body), MSG.categoryUpdated),
  );

  app.delete(
    pathOf(api.remove.key),
    {
      ...admin,
      schema: schemaOf(api.remove, {
        tags,
        security,
        summary: 'Elimina una categoría (si hay productos que la usan: products=move&moveTo=<id> o products=detach)',
      }),
    },
    async (req) => {
      const { products } = await deleteCategory(app.store, req.params.id, req.query);
      return ok({ products }, MSG.categoryDeleted);
    },
  );
};

export default categoriesRoutes;
