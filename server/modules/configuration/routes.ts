/** configuration routes (being written). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const configurationRoutes: FastifyPluginAsyncZod = async () => {};

export default configurationRoutes;
