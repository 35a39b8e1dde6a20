/**
 * The worker thread's side of sheet-parser.ts: reads each spreadsheet it is sent with readSheet (the
 * zip guard, exceljs, the CSV reader) and answers with its rows, or with the refusal's status and
 * Spanish message. Runs as its own entry: build/server/sheet-worker.mjs in the bundle, this file (via
 * tsx) from the sources.
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../http/errors';
import { readSheet } from './sheet-reader';

export type SheetReply = { ok: true; rows: Awaited<ReturnType<typeof readSheet>> } | { ok: false; status: number; message: string };

parentPort?.on('message', (bytes: Uint8Array) => {
  readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).then(
    (rows) => parentPort?.postMessage({ ok: true, rows } satisfies SheetReply),
    (error: unknown) =>
      parentPort?.postMessage(
        (error instanceof AppError
          ? { ok: false, status: error.statusCode, message: error.message }
          : { ok: false, status: 500, message: String((error as Error)?.message ?? error) }) satisfies SheetReply,
      ),
  );
});
