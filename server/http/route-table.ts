/**
 * The API's route table: every /api route with the access its onRequest hooks grant, recorded as the
 * routes register (onRoute), so tests can check each route for anonymous, seller and admin callers
 * without a hand-written list that a new route could be missing from.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';

export type Access = 'public' | 'staff' | 'admin';

export interface RouteEntry {
  method: string;
  /** Fastify path, e.g. /api/products/:id */
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

const hooksOf = (route: RouteOptions): unknown[] => [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean);

/** Call after installAuth and before the API modules register. */
export function installRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const hooks = hooksOf(route);
    const access: Access = hooks.includes(app.requireAdmin) ? 'admin' : hooks.includes(app.authenticate) ? 'staff' : 'public';
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, access });
  });
}
