/** contact routes (being written). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const contactRoutes: FastifyPluginAsyncZod = async () => {};

export default contactRoutes;
