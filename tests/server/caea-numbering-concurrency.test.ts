/**
 * The server's CAEA numbering under concurrency, on either dialect (TEST_DIALECT=postgres: write units
 * run side by side, not one writer at a time): many units numbering pending invoices of one book at once
 * take 1…n, each number once, and no unit fails on invoices_number_uq. Invoices of another type on the
 * same point of sale keep their own sequence.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { caeas, invoices, sales } from '../../server/db/schema';
import { first } from '../../server/db/store';
import { caeaRepository, type CaeaNumbering } from '../../server/modules/invoices/caea-repository';
import { buildApp } from '../helpers/server';

const { s, admin } = await buildApp();
const userId = (await s.call({ method: 'GET', url: '/api/auth/me', token: admin })).body.data.id as number;
const store = s.app.store;
const book = { issuerCuit: '20111111112', environment: 'homologacion' as const, simulator: true };

const caea = await store.write(async (tx) => {
  await caeaRepository.store(tx, { ...book, periodo: 202611, orden: 2, caea: '21234567890123', validFrom: '2026-11-16', validTo: '2026-11-30', reportDeadline: '2026-12-08' });
  return (await first(tx.select().from(caeas).where(eq(caeas.caea, '21234567890123'))))!;
});
/** Each test numbers on a point of sale of its own, so each book starts empty whatever ran before. */
const numberingOn = (ptoVta: number): CaeaNumbering => ({ ptoVta, cbteFch: '20261123', caea });

let sequence = 0;
/** A pending, never-sent invoice of a new sale (type 11 or 13). */
const pendingInvoice = (cbteTipo: number) =>
  store.write(async (tx) => {
    sequence += 1;
    const [sale] = await tx
      .insert(sales)
      .values({ saleNumber: `CAEA-${sequence}`, userId, paymentMethod: 'efectivo', subtotalCents: 1000, totalCents: 1000, saleDate: '2026-11-23T12:00:00.000Z', localDate: '2026-11-23' })
      .returning({ id: sales.id });
    const [row] = await tx
      .insert(invoices)
      .values({
        ...book,
        saleId: sale.id,
        issuerTaxCondition: 'monotributo',
        ptoVta: 4,
        cbteTipo,
        cbteFch: '20261123',
        docTipo: 99,
        docNro: '0',
        condicionIvaReceptor: 5,
        totalCents: 1000,
        netCents: 1000,
        ivaCents: 0,
        requestJson: '{}',
        userId,
      })
      .returning();
    return row;
  });

describe('CAEA numbering of one book by concurrent units', () => {
  it('takes 1…n once each, and another type keeps its own sequence', async () => {
    const elevens = await Promise.all(Array.from({ length: 16 }, () => pendingInvoice(11)));
    const thirteens = await Promise.all(Array.from({ length: 4 }, () => pendingInvoice(13)));
    const numbering = numberingOn(9);
    const numbered = await Promise.all(
      [...elevens, ...thirteens].map((row) => store.write((tx) => caeaRepository.numberWithCaea(tx, row, numbering, (nro) => JSON.stringify({ nro })))),
    );
    expect(numbered.every((row) => row?.status === 'autorizada' && row.authorization === 'CAEA' && row.ptoVta === 9 && row.cae === caea.caea)).toBe(true);
    const numbersOf = (tipo: number) =>
      numbered
        .filter((row) => row!.cbteTipo === tipo)
        .map((row) => row!.cbteNro)
        .sort((a, b) => a! - b!);
    expect(numbersOf(11)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(numbersOf(13)).toEqual([1, 2, 3, 4]);
    for (const row of numbered) expect(JSON.parse(row!.requestJson)).toEqual({ nro: row!.cbteNro });
  });

  it('numbers an invoice once: a second unit for the same row takes nothing', async () => {
    const numbering = numberingOn(10);
    const earlier = await pendingInvoice(11);
    await store.write((tx) => caeaRepository.numberWithCaea(tx, earlier, numbering, () => '{}'));
    const row = await pendingInvoice(11);
    const [a, b] = await Promise.all([row, row].map((r) => store.write((tx) => caeaRepository.numberWithCaea(tx, r, numbering, () => '{}'))));
    expect([a, b].filter((x) => x !== null)).toHaveLength(1);
    expect((a ?? b)!.cbteNro).toBe(2);
  });
});
