/**
 * The invoice reaches the customer during an outage (issue #33.5, docs/invoicing.md «Una venta, una
 * autorización»). A Factura asked for while the device believes it is online and holds a valid CAEA is
 * HELD (invoice-request.ts): the server records it and asks ARCA nothing until the device decides.
 * Invariants:
 *  - the device numbers a held request with CAEA when the server has not answered by its deadline
 *    (HOLD_MS after capture) or as soon as a push of it does not reach the server, whichever comes first;
 *  - it decides in ONE Dexie transaction that re-reads the entry: only a request still held (not released,
 *    not numbered, not rejected) is numbered, with its number reserved in that same transaction; the
 *    release (outbox.ts applyResults) re-reads the entry in its own transaction too, so exactly one of the
 *    two ever happens to an entry, once;
 *  - an entry the server already holds goes back to `pending`, so the next push tells the server its CAEA
 *    invoice (the server turns its held row into it, push-invoice.ts);
 *  - deadlines survive a reload: resumeHeld() numbers the overdue ones and schedules the rest.
 */
import { db, type OutboxEntry } from './db';
import { announceWrite } from './capture';
import { mayNumberHeld, numberWithCaea } from './invoice-request';
import { DEFAULT_IVA_RATE } from '../../domain/invoicing/codes';

/** How long a held invoice waits for the server's answer before the device numbers it with CAEA. */
export const HOLD_MS = 3000;

const timers = new Map<string, ReturnType<typeof setTimeout>>();

/** Numbers each entry still held with CAEA now; returns the entries it numbered. */
export async function numberHeldWithCaea(ids: readonly string[], now = new Date()): Promise<OutboxEntry[]> {
  if (!ids.length) return [];
  const numbered = await db.transaction('rw', [db.outbox, db.meta, db.products], async () => {
    const done: OutboxEntry[] = [];
    for (const entry of await db.outbox.bulkGet([...ids])) {
      if (!entry || entry.status === 'rejected' || !mayNumberHeld(entry.invoiceRequest)) continue;
      const products = await db.products.bulkGet(entry.items.map((item) => item.productId));
      const lines = entry.items.map((item, i) => ({ ...item, ivaRate: products[i]?.ivaRate ?? DEFAULT_IVA_RATE }));
      const result = await numberWithCaea(entry.invoiceRequest!, now, lines, entry.discountCents);
      if (!result) continue;
      // A sale the server already holds goes again: its next push carries the CAEA invoice.
      const next: OutboxEntry = { ...entry, invoiceRequest: result.request, invoice: result.printed, invoiceNote: null, status: entry.status === 'synced' ? 'pending' : entry.status };
      await db.outbox.put(next);
      done.push(next);
    }
    return done;
  });
  for (const entry of numbered) clearTimeout(timers.get(entry.clientSaleId));
  if (numbered.length) announceWrite();
  return numbered;
}

/** Numbers the entry with CAEA at its hold's deadline, unless the server answered first. */
export function scheduleHeld(entry: Pick<OutboxEntry, 'clientSaleId' | 'invoiceRequest'>): void {
  const until = entry.invoiceRequest?.hold?.until;
  if (!until || timers.has(entry.clientSaleId)) return;
  const timer = setTimeout(
    () => {
      timers.delete(entry.clientSaleId);
      void numberHeldWithCaea([entry.clientSaleId]).catch(() => undefined);
    },
    Math.max(0, Date.parse(until) - Date.now()),
  );
  timers.set(entry.clientSaleId, timer);
}

/** After a reload: every entry still held is numbered now (deadline passed) or scheduled. */
export async function resumeHeld(): Promise<void> {
  const open = await db.outbox.where('status').anyOf('pending', 'syncing', 'synced').filter((entry) => mayNumberHeld(entry.invoiceRequest)).toArray();
  for (const entry of open) scheduleHeld(entry);
}
