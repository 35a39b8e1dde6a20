/** What the sales code needs of the app: the persistence port and the shop's time zone. */
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../db/store';

export interface SalesContext {
  store: Store;
  timeZone: string;
}

export const salesContext = (app: FastifyInstance): SalesContext => ({ store: app.store, timeZone: app.config.timeZone });
