/**
 * The cuenta corriente (issue #33 item 4), described in domain/api/accounts.ts: POST /sync/account-payments
 * (the device credential, like POST /sync/push: sellers take payments at the counter), GET
 * /customers/:id/statement (any signed-in user: the counter shows a balance, the back office prints it) and
 * GET /accounts/aging (admin). Credit limits are edited on the customer, admin only (service.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsApi as api } from '../../../domain/api/accounts';
import { pathOf } from '../../../domain/api/endpoint';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { deviceHooks } from '../sync/device-auth';
import { accountAging, customerStatement, pushAccountPayments } from './account-service';

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['clientes'];
  const security = [{ bearerAuth: [] }];
  const { requireDevice } = deviceHooks(app);

  app.get(pathOf(api.statement.key), { onRequest: [app.authenticate], schema: schemaOf(api.statement, { tags, security, summary: 'Estado de cuenta corriente de un cliente' }) }, async (req) =>
    ok(await customerStatement(app.store, req.params.id, req.user)),
  );
  app.get(pathOf(api.aging.key), { onRequest: [app.requireAdmin], schema: schemaOf(api.aging, { tags, security, summary: 'Saldos y antigüedad de las cuentas corrientes' }) }, async () =>
    ok(await accountAging(app.store)),
  );
  app.post(
    pathOf(api.push.key),
    {
      onRequest: [requireDevice],
      config: { access: 'device' },
      schema: schemaOf(api.push, {
        tags: ['sincronización'],
        summary: 'Envía los cobros a cuenta que tomó el dispositivo (una sola vez cada uno)',
        description: 'Credencial del dispositivo en las cabeceras x-device-id y x-device-key.',
      }),
    },
    async (req) => ok(await pushAccountPayments(app.store, req.body, req.device!, req.pusher ?? null)),
  );
};

export default accountRoutes;
