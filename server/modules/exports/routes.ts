/**
 * GET /exports/:dataset (admin): products, sales with their items, invoices, stock movements, contact
 * messages or customers as CSV or XLSX, streamed. Dated datasets take an optional range of whole local days.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathOf } from '../../../domain/api/endpoint';
import { reportsApi as api } from '../../../domain/api/reports';
import { localDateString, parseQueryDate } from '../../../domain/time';
import { schemaOf } from '../../http/endpoint-schema';
import { DATASETS } from './datasets';
import { csvStream, xlsxStream } from './writers';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    pathOf(api.export.key),
    {
      onRequest: [app.requireAdmin],
      schema: schemaOf(api.export, {
        tags: ['exportaciones'],
        security: [{ bearerAuth: [] }],
        summary: 'Exporta productos, ventas (con sus ítems), facturas, movimientos de stock o mensajes a CSV o Excel',
      }),
    },
    async (req, reply) => {
      const { dataset: name } = req.params;
      const { format, startDate, endDate } = req.query;
      const dataset = DATASETS[name];
      const tz = app.config.timeZone;
      const range = dataset.dated
        ? {
            start: startDate ? parseQueryDate(startDate, tz, 'start').toISOString() : undefined,
            end: endDate ? parseQueryDate(endDate, tz, 'end').toISOString() : undefined,
          }
        : {};
      const span = dataset.dated && (startDate || endDate) ? `-${startDate ?? 'inicio'}-a-${endDate ?? 'hoy'}` : '';
      const filename = `${name}${span}-${localDateString(new Date(), tz)}.${format}`;
      const body = format === 'csv' ? csvStream(dataset, app.store, range, tz) : xlsxStream(dataset, app.store, range, tz);
      return reply.type(CONTENT_TYPES[format]).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store').send(body);
    },
  );
};

export default exportsRoutes;
