/**
 * Session checks. A JWT (Bearer) names the user and the user's token version; every authenticated
 * request re-reads the user, so a deactivated account or a changed role takes effect at once, and a
 * password change or an admin's reset (which bump users.token_version) revokes every session signed
 * before it. `authenticate` → 401, `requireAdmin` → 403; `sessionUser` is the same check without replying
 * (sync routes, where the device credential may stand alone).
 */
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import type { PublicUser } from '../../domain/schemas/auth';
import type { AppConfig } from '../config';
import { usersRepository, type UserRow } from '../modules/users/repository';
import { toPublicUser } from '../modules/users/service';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    /** tv: the user's token_version when signed (absent in tokens from before versions: counts as 0). */
    payload: { sub: number; role: Role; tv?: number };
    user: PublicUser;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The signed-in, active user of a valid, current token, or null; never replies. */
    sessionUser: (request: FastifyRequest) => Promise<PublicUser | null>;
    signToken: (user: Pick<UserRow, 'id' | 'role' | 'tokenVersion'>) => string;
  }
}

export async function installAuth(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(fastifyJwt, {
    secret: config.jwtSecret,
    sign: { expiresIn: config.jwtExpiresIn },
  });

  async function sessionUser(request: FastifyRequest): Promise<PublicUser | null> {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    if (!match) return null;
    let payload: { sub: number; tv?: number };
    try {
      payload = app.jwt.verify<{ sub: number; tv?: number }>(match[1]);
    } catch {
      return null;
    }
    const row = usersRepository.findById(app.db, payload.sub);
    if (!row || !row.active || row.tokenVersion !== (payload.tv ?? 0)) return null;
    return toPublicUser(row);
  }

  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const user = await sessionUser(request);
    if (!user) return reply.status(401).send({ success: false, message: MSG.sessionRequired });
    request.user = user;
  }

  app.decorate('sessionUser', sessionUser);
  app.decorate('authenticate', authenticate);
  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticate(request, reply);
    if (reply.sent) return;
    if (request.user.role !== 'admin') return reply.status(403).send({ success: false, message: MSG.forbidden });
  });
  app.decorate('signToken', (user: Pick<UserRow, 'id' | 'role' | 'tokenVersion'>) => app.jwt.sign({ sub: user.id, role: user.role, tv: user.tokenVersion }));
}
