/**
 * /invoices (docs/spec.md §7 "Invoices" and issue #10): status, type maps, generate for a sale, list, a sale's
 * invoice, pending/failed ones and their retry, and the admin's "Facturación electrónica" settings.
 * Signed-in users invoice and list (docs/spec.md §6: /invoices is for every signed-in user); settings and
 * retry are admin-only. The invoice retry and CAEA jobs are added here (server/jobs/); the ARCA runtime and the issuer are the
 * app's (arca-context.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CBTE_TIPO_LABELS, CONDICION_IVA_LABELS, DOC_TIPO_LABELS } from '../../../domain/invoicing/codes';
import { issuerCbteTipos } from '../../../domain/invoicing/letter';
import { pathOf } from '../../../domain/api/endpoint';
import { invoicesApi as api } from '../../../domain/api/invoices';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
import { ok, paginated } from '../../http/envelope';
import { caeaContingency } from './caea-service';
import { caeaJob } from './caea-job';
import { CaeaReporter } from './caea-reporter';
import returnsRoutes from '../returns/routes';
import { invoiceRetryJob } from './retry-job';
import { generateForSale, invoiceForSale, listInvoices, retryInvoice, unsettledInvoices } from './service';
import { saveCredentials, settingsJson, statusJson, testConnection, updateSettings } from './settings-service';

const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { runtime, issuer } = app.arca;
  const caeaReporter = new CaeaReporter(app.store, runtime, app.config.arca.retryBaseMs);
  const warn = (m: string) => app.log.warn(m);
  app.jobs.add(invoiceRetryJob(app.store, issuer, Math.min(app.config.arca.retryBaseMs, 5000), warn));
  app.jobs.add(caeaJob(app.store, runtime, caeaReporter, app.config.arca.caeaCheckMs, warn));
  // Cancellations and returns issue credit notes through this same issuer.
  await app.register(returnsRoutes, { issuer, runtime });

  const tags = ['facturación'];
  const security = [{ bearerAuth: [] }];
  const auth = { onRequest: [app.authenticate] };
  const admin = { onRequest: [app.requireAdmin] };
  const toMap = (labels: Record<number, string>, codes: number[]) => Object.fromEntries(codes.map((c) => [String(c), labels[c]]));

  app.get(pathOf(api.status.key), { ...auth, schema: schemaOf(api.status, { tags, security, summary: 'Estado de la facturación electrónica (ARCA)' }) }, async () => ok(await statusJson(app.store, runtime)));

  app.get(pathOf(api.invoiceTypes.key), { ...auth, schema: schemaOf(api.invoiceTypes, { tags, security, summary: 'Tipos de comprobante que el emisor puede emitir' }) }, async () => {
    const eff = await runtime.effective();
    const codes = eff.taxCondition ? issuerCbteTipos(eff.taxCondition) : [1, 6, 11];
    return ok(toMap(CBTE_TIPO_LABELS, codes));
  });

  app.get(pathOf(api.documentTypes.key), { ...auth, schema: schemaOf(api.documentTypes, { tags, security, summary: 'Tipos de documento del receptor' }) }, async () =>
    ok(toMap(DOC_TIPO_LABELS, [99, 96, 80, 86, 87, 94])),
  );

  app.get(pathOf(api.ivaConditions.key), { ...auth, schema: schemaOf(api.ivaConditions, { tags, security, summary: 'Condiciones frente al IVA del receptor' }) }, async () =>
    ok(toMap(CONDICION_IVA_LABELS, Object.keys(CONDICION_IVA_LABELS).map(Number))),
  );

  app.post(
    pathOf(api.generate.key),
    { ...auth, schema: schemaOf(api.generate, { tags, security, summary: 'Emite la factura electrónica de una venta pagada' }) },
    async (req, reply) => {
      const { invoice, existing } = await generateForSale(app.store, runtime, issuer, req.params.saleId, req.body, req.user.id);
      return reply.status(existing ? 200 : 201).send(ok(invoice, existing ? MSG.invoiceAlreadyExists : MSG.invoiceGenerated));
    },
  );

  app.get(pathOf(api.list.key), { ...auth, schema: schemaOf(api.list, { tags, security, summary: 'Facturas emitidas' }) }, async (req) => {
    const { items, total } = await listInvoices(app.store, req.query, app.config.timeZone);
    return paginated(items, req.query.page, req.query.limit, total);
  });

  app.get(pathOf(api.forSale.key), { ...auth, schema: schemaOf(api.forSale, { tags, security, summary: 'La factura de una venta (null si no tiene)' }) }, async (req) =>
    ok(await invoiceForSale(app.store, req.params.saleId)),
  );

  app.get(pathOf(api.pending.key), { ...auth, schema: schemaOf(api.pending, { tags, security, summary: 'Facturas pendientes o fallidas, con el motivo' }) }, async () => ok(await unsettledInvoices(app.store)));

  app.post(pathOf(api.retry.key), { ...admin, schema: schemaOf(api.retry, { tags, security, summary: 'Reintenta una factura pendiente o fallida' }) }, async (req) =>
    ok(await retryInvoice(app.store, issuer, req.params.id), MSG.invoiceRetried),
  );

  app.get(pathOf(api.caea.key), { ...admin, schema: schemaOf(api.caea, { tags, security, summary: 'Contingencia CAEA: CAEAs vigentes y facturas CAEA sin informar o rechazadas' }) }, async () =>
    ok(await caeaContingency(app.store, await runtime.effective())),
  );

  app.get(pathOf(api.settings.key), { ...admin, schema: schemaOf(api.settings, { tags, security, summary: 'Configuración de facturación electrónica' }) }, async () => ok(await settingsJson(runtime)));

  app.put(pathOf(api.updateSettings.key), { ...admin, schema: schemaOf(api.updateSettings, { tags, security, summary: 'Guarda la configuración de facturación electrónica' }) }, async (req) =>
    ok(await updateSettings(app.store, runtime, req.body), MSG.arcaSettingsUpdated),
  );

  app.put(
    pathOf(api.credentials.key),
    { ...admin, schema: schemaOf(api.credentials, { tags, security, summary: 'Sube el certificado y la clave privada (nunca se devuelven)' }) },
    async (req) => ok(await saveCredentials(runtime, req.body), MSG.arcaCredentialsUpdated),
  );

  app.post(pathOf(api.test.key), { ...admin, schema: schemaOf(api.test, { tags, security, summary: 'Probar conexión: login WSAA + FEDummy' }) }, async () => {
    const result = await testConnection(runtime);
    return ok(result, result.message);
  });
};

export default invoicesRoutes;
