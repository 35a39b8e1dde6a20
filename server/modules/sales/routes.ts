/** POST/GET /sales, GET /sales/summary, GET /sales/:id (docs/spec.md §7); cancel and returns: modules/returns. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathOf } from '../../../domain/api/endpoint';
import { salesApi as api } from '../../../domain/api/sales';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
import { ok, paginated } from '../../http/envelope';
import { salesContext } from './context';
import { createSale, getSale, listSales, salesSummary } from './service';

/** Other modules' routes build their context here too. */
export { salesContext };

const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = salesContext(app);
  const signedIn = { onRequest: [app.authenticate] };
  const tags = ['ventas'];
  const security = [{ bearerAuth: [] }];

  app.post(pathOf(api.create.key), { ...signedIn, schema: schemaOf(api.create, { tags, security, summary: 'Registra una venta' }) }, async (req, reply) => {
    const { created, sale } = await createSale(ctx, req.body, req.user.id);
    return reply.status(created ? 201 : 200).send(ok(sale, MSG.saleRegistered));
  });

  app.get(pathOf(api.list.key), { ...signedIn, schema: schemaOf(api.list, { tags, security, summary: 'Ventas (filtradas, paginadas, con el total del período)' }) }, async (req) => {
    const { rows, total, totalAmount } = await listSales(ctx, req.query);
    const reply = paginated(rows, req.query.page, req.query.limit, total);
    // The filtered period's money travels with its count: pagination.total sales, pagination.totalAmount pesos.
    return { ...reply, pagination: { ...reply.pagination, totalAmount } };
  });

  app.get(pathOf(api.summary.key), { ...signedIn, schema: schemaOf(api.summary, { tags, security, summary: 'Resumen de ventas del período (panel)' }) }, async (req) => ok(await salesSummary(ctx, req.query)));

  app.get(pathOf(api.get.key), { ...signedIn, schema: schemaOf(api.get, { tags, security, summary: 'Una venta con sus ítems' }) }, async (req) => ok(await getSale(ctx, req.params.id)));
};

export default salesRoutes;
