/**
 * GET /registry/cuit/:cuit and /registry/dni/:dni (staff: admin and seller): a buyer's name, IVA condition and
 * fiscal address from ARCA's taxpayer registry (issue #33.2, docs/registry.md); described in domain/api/registry.ts.
 * A registry failure answers its status (404 unknown, 422 inactive, 502 fault, 503 unavailable, 504 timeout)
 * with a Spanish message; ARCA's own text goes to the log.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registryApi as api } from '../../../domain/api/registry';
import { pathOf } from '../../../domain/api/endpoint';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { RegistryError } from '../../integrations/arca/padron/errors';
import { REGISTRY_HTTP_STATUS, RegistryService } from './service';

const registryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['padrón ARCA'];
  const security = [{ bearerAuth: [] }];
  const staff = { onRequest: [app.authenticate] };
  const service = new RegistryService(app.store, app.config, app.arca.runtime);

  const answer = async <T>(lookup: () => Promise<T>, log: (o: object, m: string) => void): Promise<T> => {
    try {
      return await lookup();
    } catch (e) {
      if (!(e instanceof RegistryError)) throw e;
      log({ code: e.code, detail: e.detail }, 'padrón de ARCA');
      throw new AppError(REGISTRY_HTTP_STATUS[e.code], e.message);
    }
  };

  app.get(pathOf(api.byCuit.key), { ...staff, schema: schemaOf(api.byCuit, { tags, security, summary: 'Datos de un CUIT en el padrón de ARCA (nombre, condición frente al IVA, domicilio fiscal)' }) }, async (req) =>
    ok(await answer(() => service.byCuit(req.params.cuit), (o, m) => req.log.warn(o, m))),
  );

  app.get(pathOf(api.byDni.key), { ...staff, schema: schemaOf(api.byDni, { tags, security, summary: 'Las personas de un DNI en el padrón de ARCA (servicio A13)' }) }, async (req) =>
    ok(await answer(() => service.byDni(req.params.dni), (o, m) => req.log.warn(o, m))),
  );
};

export default registryRoutes;
