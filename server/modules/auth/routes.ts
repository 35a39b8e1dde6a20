/** POST /auth/login, GET /auth/me, POST /auth/change-password (spec §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../domain/messages';
import { changePasswordBody, loginBody } from '../../../domain/schemas/auth';
import { ok } from '../../http/envelope';
import { changePassword, checkCredentials } from './service';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: loginBody }, config: { rateLimit: app.publicRateLimit } },
    async (req) => {
      const user = await checkCredentials(app.db, req.body.username, req.body.password);
      return ok({ token: app.signToken(user), user }, MSG.loginOk);
    },
  );

  app.get('/auth/me', { onRequest: [app.authenticate], schema: { tags: ['auth'] } }, async (req) => ok(req.user));

  app.post(
    '/auth/change-password',
    { onRequest: [app.authenticate], schema: { tags: ['auth'], body: changePasswordBody } },
    async (req) => {
      await changePassword(app.db, req.user.id, req.body.currentPassword, req.body.newPassword);
      return { success: true, message: MSG.passwordChanged };
    },
  );
};

export default authRoutes;
