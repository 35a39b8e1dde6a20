/** What the sales code needs of the app: the persistence port, the shop's time zone and the sale-number ceiling. */
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../db/store';
import type { NumberCeiling } from './number-ceiling';

export interface SalesContext {
  store: Store;
  timeZone: string;
  /** Kept above every sale number handed out, outside the database (number-ceiling.ts); null on PostgreSQL. */
  numbers?: NumberCeiling | null;
}

export const salesContext = (app: FastifyInstance): SalesContext => ({ store: app.store, timeZone: app.config.timeZone, numbers: app.numberCeiling });
