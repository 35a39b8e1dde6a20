/** categories routes (being written). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const categoriesRoutes: FastifyPluginAsyncZod = async () => {};

export default categoriesRoutes;
