/**
 * The fiscal ticket at the counter (issue #11): the 80 mm invoice printout of the invoices feature
 * (lazy chunk with the QR library), fed from the sale's outbox entry and its invoice — the server's CAE
 * invoice, or the one this device numbered offline with CAEA. It prints once per `request`; the caller
 * passes a snapshot, so a later change of the entry never prints it again by itself.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense } from 'react';
import { fromCents } from '../../../domain/money';
import type { BusinessInfo } from '../../api/business';
import { db, type OutboxEntry } from '../../offline/db';
import type { CounterInvoice } from '../../offline/invoice-request';
import type { PrintableSale } from '../invoices/print/InvoicePrintout';

let chunk: Promise<typeof import('../invoices/print/InvoicePrintout')> | null = null;

/**
 * Loads the printout chunk (the POS calls it on opening, while online): the fiscal ticket of a sale made
 * offline then never waits for the network. A failed load is forgotten, so the next call tries again.
 */
export function preloadInvoicePrintout(): Promise<unknown> {
  chunk ??= import('../invoices/print/InvoicePrintout').catch((error: unknown) => {
    chunk = null;
    throw error;
  });
  return chunk.catch(() => undefined);
}

const InvoicePrintout = lazy(() => (preloadInvoicePrintout(), chunk ?? import('../invoices/print/InvoicePrintout')));

export interface CounterPrint {
  entry: OutboxEntry;
  invoice: CounterInvoice;
  request: number;
}

function printableSale(entry: OutboxEntry, rates: Map<number, number>): PrintableSale {
  return {
    saleNumber: entry.saleNumber ?? entry.provisionalNumber,
    customerName: entry.customerName,
    // «Condición de venta» of an invoice numbered here with CAEA (the server's invoice carries its own).
    paymentMethod: entry.paymentMethod,
    subtotal: fromCents(entry.subtotalCents),
    discount: fromCents(entry.discountCents),
    items: entry.items.map((item, i) => ({
      id: i,
      productName: item.name,
      quantity: item.quantity,
      unitPrice: fromCents(item.unitPriceCents),
      subtotal: fromCents(item.unitPriceCents * item.quantity),
      ivaRate: (rates.get(item.productId) ?? 21) as PrintableSale['items'][number]['ivaRate'],
    })),
  };
}

interface Props {
  print: CounterPrint;
  business: Record<string, string | null> | null;
  issuer: { startOfActivities: string | null; iibb: string | null };
}

export function CounterInvoicePrint({ print, business, issuer }: Props) {
  const rates = useLiveQuery(async () => {
    const products = await db.products.bulkGet(print.entry.items.map((item) => item.productId));
    return new Map(products.flatMap((p) => (p?.ivaRate === undefined ? [] : [[p.id, p.ivaRate] as const])));
  }, [print.entry]);
  if (!rates) return null;
  return (
    <Suspense fallback={null}>
      <InvoicePrintout
        invoice={print.invoice}
        sale={printableSale(print.entry, rates)}
        business={business as BusinessInfo | null}
        issuer={issuer}
        format="80mm"
        request={print.request}
      />
    </Suspense>
  );
}
