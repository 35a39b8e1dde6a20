/** Column helpers shared by every table: UTC ISO-8601 timestamps written by SQLite, and the catalogue revision. */
import { sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/sqlite-core';

export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
export const createdAt = () => text('created_at').notNull().default(now);
export const updatedAt = () => text('updated_at').notNull().default(now);
export const revision = () => integer('revision').notNull().default(0);
