/** Categories (docs/spec.md §7): GET /categories/public is open; reads need a session; writes are admin only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../domain/messages';
import { activeQuery, deleteInUseQuery, categoryCreateBody, categoryUpdateBody } from '../../../domain/schemas/products';
import { idParam } from '../../../domain/schemas/common';
import { ok } from '../../http/envelope';
import { createCategory, deleteCategory, getCategory, listCategories, listPublicCategories, updateCategory } from './service';

const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['categorías'];
  const security = [{ bearerAuth: [] }];
  const signedIn = { onRequest: [app.authenticate] };
  const admin = { onRequest: [app.requireAdmin] };

  app.get('/categories/public', { schema: { tags, summary: 'Categorías activas (público)' } }, async () =>
    ok(listPublicCategories(app.db), MSG.categoriesPublicListed),
  );

  app.get('/categories', { ...signedIn, schema: { tags, security, summary: 'Categorías', querystring: activeQuery } }, async (req) =>
    ok(listCategories(app.db, req.query.active)),
  );

  app.get('/categories/:id', { ...signedIn, schema: { tags, security, summary: 'Una categoría', params: idParam } }, async (req) =>
    ok(getCategory(app.db, req.params.id)),
  );

  app.post('/categories', { ...admin, schema: { tags, security, summary: 'Crea una categoría', body: categoryCreateBody } }, async (req, reply) =>
    reply.status(201).send(ok(createCategory(app.db, req.body), MSG.categoryCreated)),
  );

  app.put(
    '/categories/:id',
    { ...admin, schema: { tags, security, summary: 'Modifica una categoría', params: idParam, body: categoryUpdateBody } },
    async (req) => ok(updateCategory(app.db, req.params.id, req.body), MSG.categoryUpdated),
  );

  app.delete('/categories/:id', { ...admin, schema: { tags, security, summary: 'Elimina una categoría (si hay productos que la usan: products=move&moveTo=<id> o products=detach)', params: idParam, querystring: deleteInUseQuery } }, async (req) => {
    const { products } = deleteCategory(app.db, req.params.id, req.query);
    return { success: true, message: MSG.categoryDeleted, data: { products } };
  });
};

export default categoriesRoutes;
