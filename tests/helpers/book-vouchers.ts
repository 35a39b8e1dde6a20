/** Authorized (or pending, failed) vouchers written straight into a test server's book, for the accountant's files (issue #37). */
import { invoices, sales } from '../../server/db/schema';
import type { TestServer } from './server';

export const CUIT = '20111111112';

export interface Voucher {
  cbteTipo: number;
  ptoVta?: number;
  cbteNro: number | null;
  cbteFch: string;
  docTipo?: number;
  docNro?: string;
  condicion?: number;
  buyerName?: string | null;
  totalCents: number;
  rates?: { id: 3 | 4 | 5 | 6; rate: number; baseCents: number; ivaCents: number }[];
  status?: 'autorizada' | 'pendiente' | 'fallida';
  authorization?: 'CAE' | 'CAEA';
  issuerCuit?: string;
  environment?: 'homologacion' | 'produccion';
}

let n = 0;
/** Inserts an invoice row (and its sale) of the book `cuit`/homologación/not simulated, as the issuer would have left it. */
export async function insertVoucher(s: TestServer, userId: number, v: Voucher, cuit = CUIT) {
  n += 1;
  const rates = v.rates ?? [];
  const net = rates.length ? rates.reduce((a, r) => a + r.baseCents, 0) : v.totalCents;
  const iva = rates.reduce((a, r) => a + r.ivaCents, 0);
  await s.app.store.write(async (tx) => {
    const [sale] = await tx
      .insert(sales)
      .values({ saleNumber: `LIBRO-${n}-${Math.random().toString(36).slice(2, 8)}`, userId, paymentMethod: 'efectivo', subtotalCents: v.totalCents, totalCents: v.totalCents, saleDate: '2026-11-10T12:00:00.000Z', localDate: '2026-11-10' })
      .returning({ id: sales.id });
    await tx.insert(invoices).values({
      saleId: sale.id,
      status: v.status ?? 'autorizada',
      environment: v.environment ?? 'homologacion',
      simulator: false,
      issuerCuit: v.issuerCuit ?? cuit,
      issuerTaxCondition: 'responsable_inscripto',
      ptoVta: v.ptoVta ?? 3,
      cbteTipo: v.cbteTipo,
      cbteNro: v.cbteNro,
      cbteFch: v.cbteFch,
      docTipo: v.docTipo ?? 99,
      docNro: v.docNro ?? '0',
      condicionIvaReceptor: v.condicion ?? 5,
      buyerName: v.buyerName ?? null,
      totalCents: v.totalCents,
      netCents: net,
      ivaCents: iva,
      ivaJson: JSON.stringify(rates),
      requestJson: '{}',
      cae: v.status === 'autorizada' || !v.status ? `7${String(n).padStart(13, '0')}` : null,
      authorization: v.authorization ?? 'CAE',
      userId,
    });
  });
}

