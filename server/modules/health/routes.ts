/** GET /health: answers at once, no database work (the POS probes it to decide it is online). */
import type { FastifyPluginAsync } from 'fastify';

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { schema: { tags: ['sistema'] }, logLevel: 'warn' }, async () => ({
    success: true,
    data: { status: 'ok', time: new Date().toISOString() },
  }));
};

export default healthRoutes;
