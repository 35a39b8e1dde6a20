/** /configuration (docs/spec.md §7): reading needs a session, writing needs the admin. Described in domain/api/configuration.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configurationApi as api } from '../../../domain/api/configuration';
import { pathOf } from '../../../domain/api/endpoint';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { createConfigEntry, getConfigEntry, listCategories, listConfiguration, updateConfigValue } from './service';

const configurationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['configuración'];
  const security = [{ bearerAuth: [] }];
  const signedIn = { onRequest: [app.authenticate] };
  const admin = { onRequest: [app.requireAdmin] };

  app.get(pathOf(api.list.key), { ...signedIn, schema: schemaOf(api.list, { tags, security, summary: 'Lista de configuraciones' }) }, async (req) =>
    ok(await listConfiguration(app.store, req.query.categoria)),
  );

  app.get(pathOf(api.categories.key), { ...signedIn, schema: schemaOf(api.categories, { tags, security, summary: 'Categorías de configuración' }) }, async () =>
    ok(await listCategories(app.store)),
  );

  app.get(pathOf(api.get.key), { ...signedIn, schema: schemaOf(api.get, { tags, security, summary: 'Una configuración' }) }, async (req) =>
    ok(await getConfigEntry(app.store, req.params.categoria, req.params.clave)),
  );

  app.put(
    pathOf(api.update.key),
    { ...admin, schema: schemaOf(api.update, { tags, security, summary: 'Cambia el valor de una configuración' }) },
    async (req) => ok(await updateConfigValue(app.store, req.params.categoria, req.params.clave, req.body.valor), MSG.configUpdated),
  );

  app.post(pathOf(api.create.key), { ...admin, schema: schemaOf(api.create, { tags, security, summary: 'Crea una configuración' }) }, async (req, reply) =>
    reply.status(201).send(ok(await createConfigEntry(app.store, req.body), MSG.configCreated)),
  );
};

export default configurationRoutes;
