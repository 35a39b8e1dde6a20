/** GET /health: answers at once, no database work (the POS probes it to decide it is online). Described in domain/api/health.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathOf } from '../../../domain/api/endpoint';
import { healthApi as api } from '../../../domain/api/health';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(pathOf(api.health.key), { schema: schemaOf(api.health, { tags: ['sistema'], summary: 'El servidor responde' }), logLevel: 'warn' }, async () =>
    ok({ status: 'ok' as const, time: new Date().toISOString() }),
  );
};

export default healthRoutes;
