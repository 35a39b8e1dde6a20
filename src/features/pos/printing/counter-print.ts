/**
 * What the counter prints by itself on its thermal printer (issue #35, docs/printing.md). The device's
 * printer settings are read online into its store (`meta.printer`) and used from there, offline too. In
 * network mode the bytes are built here (escpos-jobs.ts, a lazy chunk) and sent through the server to the
 * printer stored for this device; a refusal or no answer returns false and the caller opens the browser's
 * dialog instead, telling the cashier. Invariant: a job is claimed in `meta.printJobs.done` (one Dexie
 * transaction) before it is sent, so a sale's ticket or invoice prints by itself at most once, even across
 * a reload; an invoice awaited for printing is remembered in `awaiting` until it arrives or cannot come.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { PrinterSettings } from '../../../../domain/schemas/printing';
import { fetchMyPrinter, printOnNetwork } from '../../../api/printing';
import { db, getMeta, setMeta, type PrintJobs } from '../../../offline/db';
import { getDeviceCredential } from '../../../offline/device';

/** The server's default (domain/schemas/printing.ts), kept here so /pos imports no schema code. */
export const DIALOG_PRINTER: PrinterSettings = { mode: 'dialog', host: null, port: 9100, width: '80', qr: 'native', policy: 'all', drawer: false };

/** Jobs remembered as printed: enough for a day's sales at a counter, without growing for ever. */
const KEEP_DONE = 200;

type Jobs = typeof import('./escpos-jobs');
let jobsChunk: Promise<Jobs> | null = null;
/** The encoder's chunk (also fetched ahead when the device prints by network, so an offline reload has it). */
export function loadJobs(): Promise<Jobs> {
  jobsChunk ??= import('./escpos-jobs').catch((error: unknown) => {
    jobsChunk = null;
    throw error;
  });
  return jobsChunk;
}

/** Reads this device's printer from the server into its store (kept as it was when the server is away). */
export async function refreshPrinter(): Promise<void> {
  const device = await getDeviceCredential();
  if (!device) return;
  const result = await fetchMyPrinter(device);
  if (!result.success) return;
  await setMeta('printer', result.data);
  if (result.data.mode === 'network') void loadJobs().catch(() => undefined);
}

export function usePrinter(): PrinterSettings {
  return useLiveQuery(() => getMeta('printer')) ?? DIALOG_PRINTER;
}

const readJobs = async (): Promise<PrintJobs> => (await getMeta('printJobs')) ?? { awaiting: [], done: [] };

/** Marks `<clientSaleId>:<kind>` as printed; false when it already was (then nothing prints). */
export function claimPrint(clientSaleId: string, kind: 'ticket' | 'invoice'): Promise<boolean> {
  const key = `${clientSaleId}:${kind}`;
  return db.transaction('rw', db.meta, async () => {
    const jobs = await readJobs();
    if (jobs.done.includes(key)) return false;
    await setMeta('printJobs', {
      awaiting: kind === 'invoice' ? jobs.awaiting.filter((id) => id !== clientSaleId) : jobs.awaiting,
      done: [...jobs.done, key].slice(-KEEP_DONE),
    });
    return true;
  });
}

/** The sale's invoice is awaited (pushed, not yet authorised): it prints when it arrives. */
export function awaitInvoice(clientSaleId: string): Promise<void> {
  return db.transaction('rw', db.meta, async () => {
    const jobs = await readJobs();
    if (!jobs.awaiting.includes(clientSaleId)) await setMeta('printJobs', { ...jobs, awaiting: [...jobs.awaiting, clientSaleId] });
  });
}

/** The invoice will not come to this device (the sale synced or was rejected without it). */
export function stopAwaiting(clientSaleId: string): Promise<void> {
  return db.transaction('rw', db.meta, async () => {
    const jobs = await readJobs();
    await setMeta('printJobs', { ...jobs, awaiting: jobs.awaiting.filter((id) => id !== clientSaleId) });
  });
}

/** The outbox entries whose invoice is awaited for printing. */
export function useAwaitedInvoices() {
  return useLiveQuery(async () => {
    const ids = (await getMeta('printJobs'))?.awaiting ?? [];
    return (await db.outbox.bulkGet(ids)).filter((entry) => entry !== undefined);
  });
}

/** Builds the bytes (in the encoder's chunk) and sends them to this device's network printer: false when it could not. */
export async function printOnDevice(build: (jobs: Jobs) => Uint8Array): Promise<boolean> {
  try {
    const device = await getDeviceCredential();
    if (!device) return false;
    const jobs = await loadJobs();
    const result = await printOnNetwork(device, jobs.toBase64(build(jobs)));
    return result.success;
  } catch {
    return false;
  }
}
