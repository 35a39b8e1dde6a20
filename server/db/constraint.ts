/**
 * Constraint failures on either dialect. A check-then-insert inside one unit is enough on SQLite (one
 * writer), but on PostgreSQL two units may both pass the check; the unique index then refuses the second,
 * and the caller answers as if its check had seen the first.
 */
import { sqlState } from './pg-store';

/** SQLite's extended codes for a UNIQUE or PRIMARY KEY refusal, and PostgreSQL's unique_violation. */
const UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);

/** Whether `error` (or the error it wraps) is a unique-constraint violation. */
export const isUniqueViolation = (error: unknown): boolean => UNIQUE_CODES.has(sqlState(error) ?? '');
