/**
 * The reports' reader thread (./off-thread.ts): its own read-only connection to the SQLite file (WAL lets
 * it read while the server's writer commits), and for each request the report's figures read in one
 * read transaction by the same repository code the PostgreSQL path runs. Runs as its own entry:
 * build/server/report-worker.mjs in the bundle, this file (via tsx) from the sources.
 */
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import * as schema from '../../db/schema';
import { openReader } from '../../db/sqlite-store';
import type { Q } from '../../db/store';
import { reportFigures, type ReportFigures } from './repository';

export interface ReportRequest {
  id: number;
  start: string;
  end: string;
  modifier: string;
}
export type ReportReply = { id: number; ok: true; figures: ReportFigures } | { id: number; ok: false; message: string };

const connection = openReader((workerData as { file: string }).file);
const db = drizzle(connection, { schema }) as unknown as Q;

// One report at a time, each in its own read transaction.
let queue: Promise<void> = Promise.resolve();

parentPort?.on('message', (request: ReportRequest) => {
  const answer = async (): Promise<ReportReply> => {
    connection.exec('BEGIN');
    try {
      return { id: request.id, ok: true, figures: await reportFigures(db, request.start, request.end, request.modifier) };
    } finally {
      connection.exec('COMMIT');
    }
  };
  queue = queue.then(answer).then(
    (reply) => parentPort?.postMessage(reply),
    (error: unknown) => parentPort?.postMessage({ id: request.id, ok: false, message: String((error as Error)?.message ?? error) } satisfies ReportReply),
  );
});
