/**
 * The API's route table: every /api route with the access its onRequest hooks grant (or its
 * `config.access`, for a route with a guard of its own), recorded as the
 * routes register (onRoute), so tests can check each route for anonymous, seller and admin callers
 * without a hand-written list that a new route could be missing from.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';

/** 'device': only a registered device's credential (x-device-id + x-device-key) opens it; a session alone does not. */
export type Access = 'public' | 'staff' | 'admin' | 'device';

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
  interface FastifyContextConfig {
    /** What the route grants when its guard is neither app.authenticate nor app.requireAdmin. */
    access?: Access;
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
    // A route guarded by its own hook (the device credential) says what it grants in `config.access`.
    const declared = route.config?.access;
    const access: Access = declared ?? (hooks.includes(app.requireAdmin) ? 'admin' : hooks.includes(app.authenticate) ? 'staff' : 'public');
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, access });
  });
}
