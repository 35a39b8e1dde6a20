/** What the sales code needs of the app: the database (drizzle and the raw connection) and the shop's time zone. */
import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

export interface SalesContext {
  db: Db;
  sqlite: Database.Database;
  timeZone: string;
}

export const salesContext = (app: FastifyInstance): SalesContext => ({ db: app.db, sqlite: app.sqlite, timeZone: app.config.timeZone });
