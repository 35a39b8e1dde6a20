/** /configuration (docs/spec.md §7): reading needs a session, writing needs the admin. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../domain/messages';
import { configKeyParams, configurationQuery, createConfigBody, updateConfigBody } from '../../../domain/schemas/configuration';
import { ok } from '../../http/envelope';
import { createConfigEntry, getConfigEntry, listCategories, listConfiguration, updateConfigValue } from './service';

const configurationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['configuración'];
  const security = [{ bearerAuth: [] }];
  const signedIn = { onRequest: [app.authenticate] };
  const admin = { onRequest: [app.requireAdmin] };

  app.get('/configuration', { ...signedIn, schema: { tags, security, summary: 'Lista de configuraciones', querystring: configurationQuery } }, async (req) =>
    ok(listConfiguration(app.db, req.query.categoria)),
  );

  app.get('/configuration/categories', { ...signedIn, schema: { tags, security, summary: 'Categorías de configuración' } }, async () =>
    ok(listCategories(app.db)),
  );

  app.get('/configuration/:categoria/:clave', { ...signedIn, schema: { tags, security, summary: 'Una configuración', params: configKeyParams } }, async (req) =>
    ok(getConfigEntry(app.db, req.params.categoria, req.params.clave)),
  );

  app.put(
    '/configuration/:categoria/:clave',
    { ...admin, schema: { tags, security, summary: 'Cambia el valor de una configuración', params: configKeyParams, body: updateConfigBody } },
    async (req) => ok(updateConfigValue(app.db, req.params.categoria, req.params.clave, req.body.valor), MSG.configUpdated),
  );

  app.post('/configuration', { ...admin, schema: { tags, security, summary: 'Crea una configuración', body: createConfigBody } }, async (req, reply) =>
    reply.status(201).send(ok(createConfigEntry(app.db, req.body), MSG.configCreated)),
  );
};

export default configurationRoutes;
