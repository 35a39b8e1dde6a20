/** Every API module, mounted under /api by app.ts. */
import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/routes';
import healthRoutes from './health/routes';
import usersRoutes from './users/routes';

export const apiModules: FastifyPluginAsync[] = [healthRoutes, authRoutes, usersRoutes];
