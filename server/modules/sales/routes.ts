/** POST/GET /sales, GET /sales/summary, GET /sales/:id (docs/spec.md §7); cancel and returns: modules/returns. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../domain/messages';
import { idParam } from '../../../domain/schemas/common';
import { createSaleBody, dateRangeQuery, salesListQuery } from '../../../domain/schemas/sales';
import { ok, paginated } from '../../http/envelope';
import { salesContext } from './context';
import { createSale, getSale, listSales, salesSummary } from './service';

/** Other modules' routes build their context here too. */
export { salesContext };

const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = salesContext(app);
  const signedIn = { onRequest: [app.authenticate] };
  const tags = ['ventas'];

  app.post('/sales', { ...signedIn, schema: { tags, body: createSaleBody } }, async (req, reply) => {
    const { created, sale } = createSale(ctx, req.body, req.user.id);
    return reply.status(created ? 201 : 200).send(ok(sale, MSG.saleRegistered));
  });

  app.get('/sales', { ...signedIn, schema: { tags, querystring: salesListQuery } }, async (req) => {
    const { rows, total, totalAmount } = listSales(ctx, req.query);
    const reply = paginated(rows, req.query.page, req.query.limit, total);
    // The filtered period's money travels with its count: pagination.total sales, pagination.totalAmount pesos.
    return { ...reply, pagination: { ...reply.pagination, totalAmount } };
  });

  app.get('/sales/summary', { ...signedIn, schema: { tags, querystring: dateRangeQuery } }, async (req) => ok(salesSummary(ctx, req.query)));

  app.get('/sales/:id', { ...signedIn, schema: { tags, params: idParam } }, async (req) => ok(getSale(ctx, req.params.id)));
};

export default salesRoutes;
