/** business-info routes (being written). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const businessInfoRoutes: FastifyPluginAsyncZod = async () => {};

export default businessInfoRoutes;
