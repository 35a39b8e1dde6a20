/**
 * Session checks. A JWT (Bearer) names the user and the user's token version; every authenticated
 * request re-reads the user, so a deactivated account or a changed role takes effect at once, and a
 * password change or an admin's reset (which bump users.token_version) revokes every session signed
 * before it. Each token also carries a random jti, so signing out revokes that one session
 * (modules/auth/revocations.ts, issue #31 item 5). `authenticate` → 401, `requireAdmin` → 403; `sessionUser` is the same check without replying
 * (sync routes, where the device credential may stand alone).
 */
import fastifyJwt from '@fastify/jwt';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import type { PublicUser } from '../../domain/schemas/auth';
import type { AppConfig } from '../config';

/** A user as the session check sees it: what the reply shows, plus whether the token may still stand. */
export interface SessionAccount {
  user: PublicUser;
  active: boolean;
  tokenVersion: number;
}

/** The port through which sessions read users: the users module implements it, app.ts wires it. */
export interface SessionUsers {
  findAccount: (id: number) => Promise<SessionAccount | undefined>;
  /** Whether this token id was revoked (signed out). */
  isRevoked: (jti: string) => Promise<boolean>;
}

/** A valid, current token's own claims: who, which session (jti, absent in older tokens) and until when. */
export interface SessionToken {
  sub: number;
  jti?: string;
  exp: number;
}

type TokenSubject = { id: number; role: Role; tokenVersion: number };

declare module '@fastify/jwt' {
  interface FastifyJWT {
    /** tv: the user's token_version when signed (absent in tokens from before versions: counts as 0). */
    payload: { sub: number; role: Role; tv?: number; jti?: string };
    user: PublicUser;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The signed-in, active user of a valid, current token, or null; never replies. */
    sessionUser: (request: FastifyRequest) => Promise<PublicUser | null>;
    /** The claims of the request's valid, current, unrevoked token, or null. */
    sessionToken: (request: FastifyRequest) => Promise<SessionToken | null>;
    signToken: (user: TokenSubject) => string;
  }
}

export async function installAuth(app: FastifyInstance, config: AppConfig, users: SessionUsers): Promise<void> {
  await app.register(fastifyJwt, {
    secret: config.jwtSecret,
    sign: { expiresIn: config.jwtExpiresIn },
  });

  async function checkSession(request: FastifyRequest): Promise<{ user: PublicUser; token: SessionToken } | null> {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    if (!match) return null;
    let payload: { sub: number; tv?: number; jti?: string; exp: number };
    try {
      payload = app.jwt.verify<{ sub: number; tv?: number; jti?: string; exp: number }>(match[1]);
    } catch {
      return null;
    }
    const account = await users.findAccount(payload.sub);
    if (!account || !account.active || account.tokenVersion !== (payload.tv ?? 0)) return null;
    if (typeof payload.jti === 'string' && (await users.isRevoked(payload.jti))) return null;
    return { user: account.user, token: { sub: payload.sub, jti: payload.jti, exp: payload.exp } };
  }

  const sessionUser = async (request: FastifyRequest) => (await checkSession(request))?.user ?? null;
  app.decorate('sessionToken', async (request: FastifyRequest) => (await checkSession(request))?.token ?? null);

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
  app.decorate('signToken', (user: TokenSubject) => app.jwt.sign({ sub: user.id, role: user.role, tv: user.tokenVersion, jti: randomUUID() }));
}
