/** GET /reports/sales (admin): sales by category, seller, hour of day, margin per product and per day. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathOf } from '../../../domain/api/endpoint';
import { reportsApi as api } from '../../../domain/api/reports';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { reportReader } from './off-thread';
import { salesReport } from './service';

const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // SQLite: the figures are read on a thread of their own (./off-thread.ts); PostgreSQL is async already.
  const reader = app.store.dialect === 'sqlite' ? reportReader(app.config.dbFile) : null;
  app.addHook('onClose', () => reader?.close());
  app.get(
    pathOf(api.sales.key),
    { onRequest: [app.requireAdmin], schema: schemaOf(api.sales, { tags: ['reportes'], security: [{ bearerAuth: [] }], summary: 'Reportes de ventas del rango' }) },
    async (req) => ok(await salesReport(app.store, req.query, app.config.timeZone, reader)),
  );
};

export default reportsRoutes;
