/**
 * Finding the sale a customer brings back, at the counter: by the number typed or scanned from the ticket
 * (the official number, or the provisional `<device>-<seq>` a ticket printed before the server numbered the
 * sale: looked up in this device's outbox), or from this device's recent sales. Returns need the server,
 * which reads the sale as it stands now (what was already returned included).
 */
import { fetchSale, fetchSales, type Sale } from '../../../api/sales';
import { db, type OutboxEntry } from '../../../offline/db';

export const FIND_MSG = {
  empty: 'Escribí o escaneá el número de la venta',
  notSynced: (reference: string) => `La venta ${reference} todavía no llegó al servidor: la devolución se puede registrar cuando se sincronice.`,
  notFound: (reference: string) => `No se encontró la venta ${reference}. Revisá el número del ticket.`,
} as const;

const same = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.toLowerCase();

/** This device's last sales the server numbered (newest first). */
export async function recentDeviceSales(limit = 8): Promise<OutboxEntry[]> {
  const all = await db.outbox.orderBy('deviceSeq').reverse().limit(limit * 4).toArray();
  return all.filter((entry) => entry.saleId !== null).slice(0, limit);
}

export async function findSale(reference: string): Promise<{ sale: Sale } | { error: string }> {
  const wanted = reference.trim();
  if (!wanted) return { error: FIND_MSG.empty };
  const local = (await db.outbox.toArray()).find((entry) => same(entry.saleNumber, wanted) || same(entry.provisionalNumber, wanted));
  let id = local?.saleId ?? null;
  if (local && id === null) return { error: FIND_MSG.notSynced(wanted) };
  if (id === null) {
    const found = await fetchSales({ search: wanted, limit: 20 });
    if (!found.success) return { error: found.message };
    id = found.data.find((row) => same(row.saleNumber, wanted))?.id ?? null;
    if (id === null) return { error: FIND_MSG.notFound(wanted) };
  }
  const sale = await fetchSale(id);
  return sale.success ? { sale: sale.data } : { error: sale.message };
}
