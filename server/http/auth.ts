/**
 * Session checks. A JWT (Bearer) names the user; every authenticated request re-reads the user so a
 * deactivated account or a changed role takes effect at once. `authenticate` → 401, `requireAdmin` → 403.
 */
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import type { PublicUser } from '../../domain/schemas/auth';
import type { AppConfig } from '../config';
import { usersRepository } from '../modules/users/repository';
import { toPublicUser } from '../modules/users/service';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: number; role: Role };
    user: PublicUser;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signToken: (user: PublicUser) => string;
  }
}

export async function installAuth(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(fastifyJwt, {
    secret: config.jwtSecret,
    sign: { expiresIn: config.jwtExpiresIn },
    formatUser: (payload) => ({ id: payload.sub }) as unknown as PublicUser,
  });

  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      await request.jwtVerify();
    } catch {
      return reply.status(401).send({ success: false, message: MSG.sessionRequired });
    }
    const row = usersRepository.findById(app.db, request.user.id);
    if (!row || !row.active) return reply.status(401).send({ success: false, message: MSG.sessionRequired });
    request.user = toPublicUser(row);
  }

  app.decorate('authenticate', authenticate);
  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticate(request, reply);
    if (reply.sent) return;
    if (request.user.role !== 'admin') return reply.status(403).send({ success: false, message: MSG.forbidden });
  });
  app.decorate('signToken', (user: PublicUser) => app.jwt.sign({ sub: user.id, role: user.role }));
}
