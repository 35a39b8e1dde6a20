/** sales routes (being written). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const salesRoutes: FastifyPluginAsyncZod = async () => {};

export default salesRoutes;
