/** Stock with reasons (issue #15), admin only: adjust with a reason, a product's history, a count session. Described in domain/api/stock.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathOf } from '../../../domain/api/endpoint';
import { stockApi as api } from '../../../domain/api/stock';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
import { ok, paginated } from '../../http/envelope';
import { adjustStock, applyCount, stockHistory } from './service';

const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['stock'];
  const security = [{ bearerAuth: [] }];
  const admin = { onRequest: [app.requireAdmin] };

  app.post(
    pathOf(api.adjust.key),
    { ...admin, schema: schemaOf(api.adjust, { tags, security, summary: 'Ajusta el stock con un motivo' }) },
    async (req, reply) => reply.status(201).send(ok(await adjustStock(app.store, req.params.id, req.body, req.user.id), MSG.stockAdjusted)),
  );

  app.get(
    pathOf(api.history.key),
    { ...admin, schema: schemaOf(api.history, { tags, security, summary: 'Historial de stock con saldo' }) },
    async (req) => {
      const { data, total } = await stockHistory(app.store, req.params.id, req.query);
      return paginated(data, req.query.page, req.query.limit, total);
    },
  );

  app.post(
    pathOf(api.count.key),
    { ...admin, schema: schemaOf(api.count, { tags, security, summary: 'Aplica un recuento de stock' }) },
    async (req) => ok(await applyCount(app.store, req.body, req.user.id), MSG.stockCountApplied),
  );
};

export default stockRoutes;
