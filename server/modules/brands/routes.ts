/** brands routes (being written). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const brandsRoutes: FastifyPluginAsyncZod = async () => {};

export default brandsRoutes;
