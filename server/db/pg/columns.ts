/**
 * Column helpers of the PostgreSQL schema, mirroring server/db/schema/columns.ts: timestamps are the same
 * UTC ISO-8601 text SQLite writes ('2026-11-23T06:53:08.123Z', milliseconds, statement time), and money is
 * integer cents in int8 (a day's or a year's total can pass int4's 21 million pesos), read as a JS number
 * (pg-store.ts parses int8 as a number, like SQLite's integers; cents stay far below 2^53).
 */
import { sql } from 'drizzle-orm';
import { bigint, integer, text } from 'drizzle-orm/pg-core';

export const now = sql`to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const createdAt = () => text('created_at').notNull().default(now);
export const updatedAt = () => text('updated_at').notNull().default(now);
export const revision = () => integer('revision').notNull().default(0);
export const cents = (name: string) => bigint(name, { mode: 'number' });
