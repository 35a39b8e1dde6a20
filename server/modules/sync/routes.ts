/** sync routes (being written). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const syncRoutes: FastifyPluginAsyncZod = async () => {};

export default syncRoutes;
