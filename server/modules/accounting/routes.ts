/**
 * /accounting (issue #37, admin): the Libro IVA Digital sales import files of a period, one file per request
 * (REGINFO_CV_VENTAS_CBTE or REGINFO_CV_VENTAS_ALICUOTAS), ISO-8859-1 text with CRLF line ends, and the same
 * vouchers as an Excel sales book; the monotributo tracker's figure and its settings (the category table, the shop's
 * category). All for admins only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountingApi as api } from '../../../domain/api/accounting';
import { pathOf } from '../../../domain/api/endpoint';
import { libroIvaVentas } from '../../../domain/libro-iva/records';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
import { conflict } from '../../http/errors';
import { ivaSimpleCsv } from '../../../domain/libro-iva/iva-simple';
import { ok } from '../../http/envelope';
import { monotributoStatus, readMonotributoSettings, saveMonotributoSettings } from './monotributo';
import { accountingRepository } from './repository';
import { salesBookXlsx } from './sales-book-xlsx';
import { bookOf, fchRange, libroVouchers, readBookPeriod, resolvePeriod } from './service';

const FILE_NAMES = { comprobantes: 'REGINFO_CV_VENTAS_CBTE', alicuotas: 'REGINFO_CV_VENTAS_ALICUOTAS' } as const;

/** "202611" for a whole calendar month, else "20261103-20261117". */
export function periodName(startDate: string, endDate: string): string {
  const [y, m] = startDate.split('-').map(Number);
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const whole = startDate.endsWith('-01') && endDate === `${startDate.slice(0, 8)}${String(lastDay).padStart(2, '0')}`;
  return whole ? startDate.slice(0, 7).replace('-', '') : `${startDate.replaceAll('-', '')}-${endDate.replaceAll('-', '')}`;
}

const accountingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['contador'];
  const security = [{ bearerAuth: [] }];

  app.get(
    pathOf(api.libroIva.key),
    {
      onRequest: [app.requireAdmin],
      schema: schemaOf(api.libroIva, { tags, security, summary: 'Libro IVA Digital — ventas: archivo de comprobantes o de alícuotas de un período (ISO-8859-1, CRLF)' }),
    },
    async (req, reply) => {
      const { file } = req.params;
      const { startDate, endDate } = resolvePeriod(req.query, app.config.timeZone);
      const book = bookOf(await app.arca.runtime.effective());
      if (!book) throw conflict(MSG.accountingNoIssuer);
      const range = fchRange(startDate, endDate);
      const texts = libroIvaVentas(libroVouchers(await readBookPeriod(app.store, book, range)));
      const span = periodName(startDate, endDate);
      const body = Buffer.from(file === 'comprobantes' ? texts.cbte : texts.alicuotas, 'latin1');
      return reply
        .type('text/plain; charset=iso-8859-1')
        .header('content-disposition', `attachment; filename="${FILE_NAMES[file]}_${span}.txt"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    pathOf(api.salesBook.key),
    { onRequest: [app.requireAdmin], schema: schemaOf(api.salesBook, { tags, security, summary: 'Libro de ventas en Excel para el contador: un comprobante por fila, neto e IVA por alícuota, notas de crédito en negativo' }) },
    async (req, reply) => {
      const { startDate, endDate } = resolvePeriod(req.query, app.config.timeZone);
      const book = bookOf(await app.arca.runtime.effective());
      if (!book) throw conflict(MSG.accountingNoIssuer);
      const body = await salesBookXlsx(await readBookPeriod(app.store, book, fchRange(startDate, endDate)));
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="libro-ventas-${periodName(startDate, endDate)}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    pathOf(api.ivaSimple.key),
    { onRequest: [app.requireAdmin], schema: schemaOf(api.ivaSimple, { tags, security, summary: 'IVA Simple: débito fiscal por actividad, tipo de comprador y alícuota (CSV)' }) },
    async (req, reply) => {
      const { startDate, endDate } = resolvePeriod(req.query, app.config.timeZone);
      const book = bookOf(await app.arca.runtime.effective());
      if (!book) throw conflict(MSG.accountingNoIssuer);
      const range = fchRange(startDate, endDate);
      const lines = await app.store.read((q) => accountingRepository.debitoFiscal(q, book, range));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="iva-simple-debito-${periodName(startDate, endDate)}.csv"`)
        .header('cache-control', 'no-store')
        .send(ivaSimpleCsv(req.query.actividad ?? '', lines));
    },
  );

  app.get(
    pathOf(api.monotributo.key),
    { onRequest: [app.requireAdmin], schema: schemaOf(api.monotributo, { tags, security, summary: 'Monotributo: facturación de los últimos 12 meses contra la categoría, avisos y recategorizaciones' }) },
    async (req) => ok(await monotributoStatus(app.store, await app.arca.runtime.effective(), app.config.timeZone, req.query.date)),
  );

  app.get(
    pathOf(api.monotributoSettings.key),
    { onRequest: [app.requireAdmin], schema: schemaOf(api.monotributoSettings, { tags, security, summary: 'Monotributo: tabla de categorías (con su fuente y fecha) y categoría del comercio' }) },
    async () => ok(await readMonotributoSettings(app.store)),
  );

  app.put(
    pathOf(api.saveMonotributoSettings.key),
    { onRequest: [app.requireAdmin], schema: schemaOf(api.saveMonotributoSettings, { tags, security, summary: 'Monotributo: guarda la tabla de categorías y la categoría del comercio' }) },
    async (req) => ok(await saveMonotributoSettings(app.store, req.body), MSG.monotributoSettingsSaved),
  );
};

export default accountingRoutes;
