/** uploads routes (being written). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const uploadsRoutes: FastifyPluginAsyncZod = async () => {};

export default uploadsRoutes;
