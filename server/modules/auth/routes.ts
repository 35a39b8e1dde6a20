/**
 * POST /auth/login, GET /auth/me, POST /auth/change-password, POST /auth/logout (docs/spec.md §7; sign-out
 * revokes the presented token, revocations.ts), with the failure limits of
 * login-limits.ts. A login presenting a valid device credential (x-device-id + x-device-key) records the
 * user as one of that device's users (the sellers its pushed sales may name). Described in domain/api/auth.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authApi as api } from '../../../domain/api/auth';
import { pathOf } from '../../../domain/api/endpoint';
import { MSG } from '../../../domain/messages';
import { schemaOf } from '../../http/endpoint-schema';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { deviceFromHeaders } from '../sync/device-auth';
import { rememberDeviceUser } from '../sync/devices-service';
import { findUser, toPublicUser } from '../users/service';
import { createLoginLimits } from './login-limits';
import { revokeToken } from './revocations';
import { changePassword, checkCredentials } from './service';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = createLoginLimits(app.config.rateLimitPerMinute > 0);
  const tags = ['auth'];
  const security = [{ bearerAuth: [] }];

  app.post(pathOf(api.login.key), { schema: schemaOf(api.login, { tags, summary: 'Inicia sesión' }) }, async (req, reply) => {
    const device = await deviceFromHeaders(app.store, req.headers);
    const account = await app.store.read((q) => findUser(q, { username: req.body.username.trim() }));
    const attempt = { username: req.body.username, ip: req.ip, deviceId: device?.id ?? null, passwordVersion: account?.tokenVersion ?? 0 };
    if (limits.loginBlocked(attempt)) return reply.status(429).send({ success: false, message: MSG.tooManyLoginAttempts });
    let user;
    try {
      user = await checkCredentials(app.store, req.body.username, req.body.password);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401) limits.loginFailed(attempt);
      throw error;
    }
    limits.loginSucceeded(attempt);
    if (device) await rememberDeviceUser(app.store, device.id, user.id);
    return ok({ token: app.signToken(user), user: toPublicUser(user) }, MSG.loginOk);
  });

  app.post(pathOf(api.logout.key), { onRequest: [app.authenticate], schema: schemaOf(api.logout, { tags, security, summary: 'Cierra esta sesión (su token deja de valer)' }) }, async (req) => {
    const token = await app.sessionToken(req);
    if (token?.jti) await revokeToken(app.store, { jti: token.jti, userId: token.sub, expiresAtSec: token.exp });
    return { success: true as const, message: MSG.logoutOk };
  });

  app.get(pathOf(api.me.key), { onRequest: [app.authenticate], schema: schemaOf(api.me, { tags, security, summary: 'El usuario de la sesión' }) }, async (req) => ok(req.user));

  app.post(
    pathOf(api.changePassword.key),
    { onRequest: [app.authenticate], schema: schemaOf(api.changePassword, { tags, security, summary: 'Cambia la contraseña (revoca las demás sesiones)' }) },
    async (req, reply) => {
      if (limits.passwordChangeBlocked(req.user.id)) return reply.status(429).send({ success: false, message: MSG.tooManyPasswordAttempts });
      let row;
      try {
        row = await changePassword(app.store, req.user.id, req.body.currentPassword, req.body.newPassword);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 400) limits.passwordChangeFailed(req.user.id);
        throw error;
      }
      // Every older session is revoked; this one continues with a fresh token.
      return ok({ token: app.signToken(row) }, MSG.passwordChanged);
    },
  );
};

export default authRoutes;
