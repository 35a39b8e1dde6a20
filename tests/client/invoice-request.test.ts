import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { arcaDate, isoFromArcaDate } from '../../domain/invoicing';
import type { DeviceCaeaJson } from '../../domain/schemas/sync';
import { addToCart } from '../../src/offline/cart';
import { applyPullPage } from '../../src/offline/product-store';
import { db, getMeta } from '../../src/offline/db';
import { captureSale } from '../../src/offline/capture';
import { applyResults, toPushedSale } from '../../src/offline/outbox';
import { freshStore, product, pullPage, takeBatch } from './local-store';

const today = isoFromArcaDate(arcaDate(new Date()));
const facturaB = { tipo: 6 as const, docTipo: 99 as const, docNro: '0', condicion: 5 as const };
const caea = (overrides: Partial<DeviceCaeaJson> = {}): DeviceCaeaJson => ({
  ptoVta: 31,
  lastNumbers: { '6': 7 },
  caeas: [{ caea: '36461234567890', periodo: 202611, orden: 2, validFrom: '2000-01-01', validTo: '2999-12-31', reportDeadline: '2999-12-31' }],
  issuer: { cuit: '20111111112', taxCondition: 'responsable_inscripto', environment: 'homologacion', simulator: false, startOfActivities: null, iibb: null },
  ...overrides,
});

async function sell(offline: boolean, invoice = facturaB) {
  await addToCart(1);
  await addToCart(2);
  return captureSale({ sellerId: 7, sellerName: 'Vera', paymentMethod: 'efectivo', discountCents: 0, invoice, offline });
}

describe('the invoice at checkout travels in the sale’s outbox entry', () => {
  beforeEach(async () => {
    await freshStore(product(1, { stock: 50, price: 1210 }), product(2, { stock: 50, price: 110.5, ivaRate: 10.5 }));
  });

  it('online without a CAEA: a plain request, no number, pushed with the sale', async () => {
    await applyPullPage(pullPage({ caea: null, cursor: 2 }));
    const entry = await sell(false);
    expect(entry.invoiceRequest).toEqual(facturaB);
    expect(entry.invoice).toBeNull();
    expect(toPushedSale(entry).invoice).toEqual({ tipo_comprobante: 6, documento_tipo: 99, documento_nro: '0', condicion_iva_receptor: 5 });
    expect(await getMeta('caeaNumbers')).toBeUndefined();
  });

  it('offline with a CAEA valid today: numbered above the server’s last number, never reused, printed with its IVA', async () => {
    await applyPullPage(pullPage({ caea: caea(), cursor: 2 }));
    const first = await sell(true);
    const second = await sell(true);
    expect(first.invoiceRequest?.caea).toMatchObject({ caea: '36461234567890', ptoVta: 31, cbteNro: 8, cbteFch: arcaDate(new Date()) });
    expect(second.invoiceRequest?.caea?.cbteNro).toBe(9);
    expect(first.invoice).toMatchObject({ status: 'autorizada', authorization: 'CAEA', invoiceNumber: '00031-00000008', cae: '36461234567890', cae_expiration: '2999-12-31', date: today, total: 1320.5 });
    // 1210 at 21 % holds 210; 110.50 at 10.5 % holds 10.50.
    expect(first.invoice?.iva).toBe(220.5);
    expect(toPushedSale(first).invoice?.caea).toEqual({ caea: '36461234567890', ptoVta: 31, cbteNro: 8, cbteFch: arcaDate(new Date()) });
    // A later pull whose server numbers lag behind never hands 8 or 9 out again.
    await applyPullPage(pullPage({ caea: caea({ lastNumbers: { '6': 8 } }), cursor: 3 }));
    expect((await sell(true)).invoiceRequest?.caea?.cbteNro).toBe(10);
    // Another type has its own sequence.
    const c = await sell(true, { tipo: 1 as never, docTipo: 80 as never, docNro: '30712345671', condicion: 1 as never });
    expect(c.invoiceRequest?.caea?.cbteNro).toBe(1);
  });

  it('offline without a CAEA valid today: the sale keeps a plain request and the cashier is told', async () => {
    await applyPullPage(pullPage({ caea: caea({ caeas: [{ ...caea().caeas[0]!, validFrom: '2000-01-01', validTo: '2000-01-15' }] }), cursor: 2 }));
    const entry = await sell(true);
    expect(entry.invoiceRequest).toEqual(facturaB);
    expect(entry.invoice).toBeNull();
    expect(entry.invoiceNote).toBe('La factura se emitirá con CAE cuando vuelva la conexión. Podés reimprimirla desde Ventas.');
    await applyPullPage(pullPage({ caea: null, cursor: 3 }));
    expect((await sell(true)).invoiceRequest?.caea).toBeUndefined();
  });

  it('the push result’s invoice and note are kept on the synced entry', async () => {
    const entry = await sell(false);
    const batch = await takeBatch(10);
    const invoice = { status: 'autorizada', cae: '71263951827464' } as never;
    await applyResults(batch, [{ clientSaleId: entry.clientSaleId, deviceSeq: entry.deviceSeq, status: 'applied', saleId: 5, saleNumber: 'V-1', invoice }]);
    expect(await db.outbox.get(entry.clientSaleId)).toMatchObject({ status: 'synced', invoice: { cae: '71263951827464' }, invoiceNote: null });
  });
});
