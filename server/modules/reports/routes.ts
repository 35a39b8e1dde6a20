/** GET /reports/sales (admin): sales by category, seller, hour of day, margin per product and per day. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportQuery } from '../../../domain/schemas/reports';
import { ok } from '../../http/envelope';
import { salesReport } from './service';

const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/sales',
    { onRequest: [app.requireAdmin], schema: { tags: ['reportes'], security: [{ bearerAuth: [] }], summary: 'Reportes de ventas del rango', querystring: reportQuery } },
    async (req) => ok(salesReport(app.db, req.query, app.config.timeZone)),
  );
};

export default reportsRoutes;
