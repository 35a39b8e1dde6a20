/**
 * One IMMEDIATE transaction around `fn` (rolled back if it throws). better-sqlite3 transactions are
 * synchronous: `fn` must not await, so no network call can ever run inside one.
 */
import type Database from 'better-sqlite3';

export const inTransaction = <T>(sqlite: Database.Database, fn: () => T): T => sqlite.transaction(fn).immediate();
