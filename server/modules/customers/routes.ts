/**
 * The customer file (issue #33 item 1), described in domain/api/customers.ts: list/search, read, create and
 * edit for any signed-in user (the counter creates customers; sellers read documents and e-mails only while
 * the admin lets them, and may not touch the cuenta corriente); deactivation, import and export (the
 * `clientes` dataset of GET /exports/:dataset) are admin only. POST
 * /sync/customers takes the customers a device created, with its credential, like POST /sync/push.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customersApi as api } from '../../../domain/api/customers';
import { pathOf } from '../../../domain/api/endpoint';
import { CUSTOMER_MSG } from '../../../domain/customers';
import { schemaOf } from '../../http/endpoint-schema';
import { ok, paginated } from '../../http/envelope';
import { readUpload } from '../products/import-routes';
import { deviceHooks } from '../sync/device-auth';
import { applyCustomerImport, previewCustomerImport } from './import-service';
import { pushCustomers } from './push-service';
import { createCustomer, deactivateCustomer, getCustomer, listCustomers, updateCustomer } from './service';

const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['clientes'];
  const security = [{ bearerAuth: [] }];
  const signedIn = { onRequest: [app.authenticate] };
  const admin = { onRequest: [app.requireAdmin] };
  const { requireDevice } = deviceHooks(app);

  app.get(pathOf(api.list.key), { ...signedIn, schema: schemaOf(api.list, { tags, security, summary: 'Clientes (búsqueda por nombre, CUIT/DNI o teléfono)' }) }, async (req) => {
    const { data, total } = await listCustomers(app.store, req.query, req.user);
    return paginated(data, req.query.page, req.query.limit, total);
  });

  app.get(pathOf(api.get.key), { ...signedIn, schema: schemaOf(api.get, { tags, security, summary: 'Un cliente' }) }, async (req) =>
    ok(await getCustomer(app.store, req.params.id, req.user)),
  );

  app.post(pathOf(api.create.key), { ...signedIn, schema: schemaOf(api.create, { tags, security, summary: 'Crea un cliente (con su uuid: una sola vez)' }) }, async (req, reply) => {
    const { customer, created } = await createCustomer(app.store, req.body, req.user);
    return reply.status(created ? 201 : 200).send(ok(customer, created ? CUSTOMER_MSG.created : undefined));
  });

  app.put(pathOf(api.update.key), { ...signedIn, schema: schemaOf(api.update, { tags, security, summary: 'Modifica un cliente' }) }, async (req) =>
    ok(await updateCustomer(app.store, req.params.id, req.body, req.user), CUSTOMER_MSG.updated),
  );

  app.post(pathOf(api.deactivate.key), { ...admin, schema: schemaOf(api.deactivate, { tags, security, summary: 'Desactiva un cliente (su historia queda)' }) }, async (req) =>
    ok(await deactivateCustomer(app.store, req.params.id), CUSTOMER_MSG.deactivated),
  );

  const consumes = ['multipart/form-data'];
  app.post(
    pathOf(api.previewImport.key),
    { ...admin, schema: { ...schemaOf(api.previewImport, { tags, security, summary: 'Vista previa de una importación de clientes (CSV o XLSX, campo "file"; no escribe nada)' }), consumes } },
    async (req) => ok(await previewCustomerImport(app.store, await readUpload(req))),
  );

  app.post(
    pathOf(api.applyImport.key),
    { ...admin, schema: { ...schemaOf(api.applyImport, { tags, security, summary: 'Aplica una importación de clientes ya vista (todo o nada)' }), consumes } },
    async (req) => {
      const result = await applyCustomerImport(app.store, await readUpload(req), req.query.fingerprint, req.user.id);
      return ok(result, CUSTOMER_MSG.importApplied(result.created, result.updated));
    },
  );

  app.post(
    pathOf(api.push.key),
    {
      onRequest: [requireDevice],
      config: { access: 'device' },
      schema: schemaOf(api.push, {
        tags: ['sincronización'],
        summary: 'Envía los clientes que creó el dispositivo (una sola vez por uuid; por documento, el existente)',
        description: 'Credencial del dispositivo en las cabeceras x-device-id y x-device-key.',
      }),
    },
    async (req) => ok(await pushCustomers(app.store, req.body, req.device!, req.pusher?.id ?? null)),
  );
};

export default customersRoutes;
