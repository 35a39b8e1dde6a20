/** Brands (docs/spec.md §7): reads need a session; writes are admin only. Described in domain/api/brands.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandsApi as api } from '../../../domain/api/brands';
import { pathOf } from '../../../domain/api/endpoint';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { createBrand, deleteBrand, getBrand, listBrands, updateBrand } from './service';

const brandsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['marcas'];
  const security = [{ bearerAuth: [] }];
  const signedIn = { onRequest: [app.authenticate] };
  const admin = { onRequest: [app.requireAdmin] };

  app.get(pathOf(api.list.key), { ...signedIn, schema: schemaOf(api.list, { tags, security, summary: 'Marcas' }) }, async (req) =>
    ok(await listBrands(app.store, req.query.active)),
  );

  app.get(pathOf(api.get.key), { ...signedIn, schema: schemaOf(api.get, { tags, security, summary: 'Una marca' }) }, async (req) =>
    ok(await getBrand(app.store, req.params.id)),
  );

  app.post(pathOf(api.create.key), { ...admin, schema: schemaOf(api.create, { tags, security, summary: 'Crea una marca' }) }, async (req, reply) =>
    reply.status(201).send(ok(await createBrand(app.store, req.body), MSG.brandCreated)),
  );

  app.put(pathOf(api.update.key), { ...admin, schema: schemaOf(api.update, { tags, security, summary: 'Modifica una marca' }) }, async (req) =>
    ok(await updateBrand(app.store, req.params.id, req.body), MSG.brandUpdated),
  );

  app.delete(
    pathOf(api.remove.key),
    {
      ...admin,
      schema: schemaOf(api.remove, {
        tags,
        security,
        summary: 'Elimina una marca (si hay productos que la usan: products=move&moveTo=<id> o products=detach)',
      }),
    },
    async (req) => {
      const { products } = await deleteBrand(app.store, req.params.id, req.query);
      return ok({ products }, MSG.brandDeleted);
    },
  );
};

export default brandsRoutes;
