/** products routes (being written). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const productsRoutes: FastifyPluginAsyncZod = async () => {};

export default productsRoutes;
