/** Brands (docs/spec.md §7): reads need a session; writes are admin only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../domain/messages';
import { activeQuery, deleteInUseQuery, brandCreateBody, brandUpdateBody } from '../../../domain/schemas/products';
import { idParam } from '../../../domain/schemas/common';
import { ok } from '../../http/envelope';
import { createBrand, deleteBrand, getBrand, listBrands, updateBrand } from './service';

const brandsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['marcas'];
  const security = [{ bearerAuth: [] }];
  const signedIn = { onRequest: [app.authenticate] };
  const admin = { onRequest: [app.requireAdmin] };

  app.get('/brands', { ...signedIn, schema: { tags, security, summary: 'Marcas', querystring: activeQuery } }, async (req) =>
    ok(listBrands(app.db, req.query.active)),
  );

  app.get('/brands/:id', { ...signedIn, schema: { tags, security, summary: 'Una marca', params: idParam } }, async (req) =>
    ok(getBrand(app.db, req.params.id)),
  );

  app.post('/brands', { ...admin, schema: { tags, security, summary: 'Crea una marca', body: brandCreateBody } }, async (req, reply) =>
    reply.status(201).send(ok(createBrand(app.db, req.body), MSG.brandCreated)),
  );

  app.put('/brands/:id', { ...admin, schema: { tags, security, summary: 'Modifica una marca', params: idParam, body: brandUpdateBody } }, async (req) =>
    ok(updateBrand(app.db, req.params.id, req.body), MSG.brandUpdated),
  );

  app.delete('/brands/:id', { ...admin, schema: { tags, security, summary: 'Elimina una marca (si hay productos que la usan: products=move&moveTo=<id> o products=detach)', params: idParam, querystring: deleteInUseQuery } }, async (req) => {
    const { products } = deleteBrand(app.db, req.params.id, req.query);
    return { success: true, message: MSG.brandDeleted, data: { products } };
  });
};

export default brandsRoutes;
