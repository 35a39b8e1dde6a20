/** Stock with reasons (issue #15), admin only: adjust with a reason, a product's history, a count session. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../domain/messages';
import { idParam } from '../../../domain/schemas/common';
import { stockAdjustmentBody, stockCountBody, stockHistoryQuery } from '../../../domain/schemas/stock';
import { ok, paginated } from '../../http/envelope';
import { adjustStock, applyCount, stockHistory } from './service';

const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['stock'];
  const security = [{ bearerAuth: [] }];
  const admin = { onRequest: [app.requireAdmin] };

  app.post(
    '/products/:id/stock/adjustments',
    { ...admin, schema: { tags, security, summary: 'Ajusta el stock con un motivo', params: idParam, body: stockAdjustmentBody } },
    async (req, reply) => reply.status(201).send(ok(adjustStock(app.db, req.params.id, req.body, req.user.id), MSG.stockAdjusted)),
  );

  app.get(
    '/products/:id/stock/history',
    { ...admin, schema: { tags, security, summary: 'Historial de stock con saldo', params: idParam, querystring: stockHistoryQuery } },
    async (req) => {
      const { data, total } = stockHistory(app.db, req.params.id, req.query);
      return paginated(data, req.query.page, req.query.limit, total);
    },
  );

  app.post(
    '/stock/counts',
    { ...admin, schema: { tags, security, summary: 'Aplica un recuento de stock', body: stockCountBody } },
    async (req) => ok(applyCount(app.db, req.body, req.user.id), MSG.stockCountApplied),
  );
};

export default stockRoutes;
