/**
 * What the counter prints by itself on its thermal printer (issue #35, docs/printing.md). The device's
 * printer settings are read online into its store (`meta.printer`) and used from there, offline too. In
 * network, WebUSB and Web Serial modes the bytes are built here (escpos-jobs.ts, a lazy chunk) and sent through
 * the server to the printer stored for this device, or straight to the printer paired with this tablet
 * (direct-print.ts); a refusal or no answer returns why, and the caller opens the browser's dialog instead,
 * telling the cashier. Invariant: a job is claimed in `meta.printJobs.done` (one Dexie
 * transaction) before it is sent, so a sale's ticket or invoice prints by itself at most once, even across
 * a reload; an invoice awaited for printing is remembered in `awaiting` until it arrives or cannot come.
 * The shop's logo heads tickets and invoices when the tablet has drawn it (ticket-logo.ts, `meta.ticketLogo`).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { MSG } from '../../../../domain/messages';
import type { PrinterSettings } from '../../../../domain/schemas/printing';
import { fetchMyPrinter, printOnNetwork } from '../../../api/printing';
import { db, getMeta, setMeta, type PrintJobs } from '../../../offline/db';
import { getDeviceCredential } from '../../../offline/device';
import { isDirect, printDirect } from './direct-print';

/** The server's default (domain/schemas/printing.ts), kept here so /pos imports no schema code. */
export const DIALOG_PRINTER: PrinterSettings = { mode: 'dialog', host: null, port: 9100, width: '80', qr: 'native', policy: 'all', drawer: false, baudRate: 9600 };

/** Jobs remembered as printed: enough for a day's sales at a counter, without growing for ever. */
const KEEP_DONE = 200;

type Jobs = typeof import('./escpos-jobs');
let jobsChunk: Promise<Jobs> | null = null;
/** The encoder's chunk (also fetched ahead when the device prints by itself, so an offline reload has it). */
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
  if (printsItself(result.data)) void loadJobs().catch(() => undefined);
}

/** The device prints without the browser's dialog: by network or from the tablet (WebUSB, Web Serial). */
export const printsItself = (printer: PrinterSettings) => printer.mode !== 'dialog';

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

/** Why a job did not print: what the cashier reads when the dialog opens instead, and when the drawer stays shut. */
export interface PrintFailure {
  dialog: string;
  drawer: string;
}
const UNREACHABLE: PrintFailure = { dialog: MSG.printerUnreachable, drawer: MSG.drawerUnreachable };

/**
 * Builds the bytes (in the encoder's chunk) and sends them to this device's printer, by the mode it was last
 * read with: through the server to the network printer, or to the printer paired with this tablet. Null when
 * it printed, else why not.
 */
export async function sendToPrinter(build: (jobs: Jobs) => Uint8Array): Promise<PrintFailure | null> {
  try {
    const printer = (await getMeta('printer')) ?? DIALOG_PRINTER;
    const jobs = await loadJobs();
    jobs.setLogo((await getMeta('ticketLogo'))?.image ?? null);
    if (isDirect(printer.mode)) {
      // Settings stored before the baud rate existed have none: the factory 9600.
      const reason = await printDirect(printer.mode, build(jobs), printer.baudRate ?? 9600);
      return reason === null ? null : { dialog: MSG.printerFellBack(reason), drawer: MSG.drawerFailed(reason) };
    }
    const device = await getDeviceCredential();
    if (!device) return UNREACHABLE;
    const result = await printOnNetwork(device, jobs.toBase64(build(jobs)));
    return result.success ? null : UNREACHABLE;
  } catch {
    return UNREACHABLE;
  }
}

/** sendToPrinter, as whether it printed. */
export async function printOnDevice(build: (jobs: Jobs) => Uint8Array): Promise<boolean> {
  return (await sendToPrinter(build)) === null;
}
