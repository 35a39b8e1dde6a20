/**
 * Issue #33.5: a Factura asked for online by a device holding a valid CAEA is held; the device decides
 * once, in a Dexie transaction, between releasing it (the server answered) and numbering it with CAEA
 * (no answer by the deadline, or the push did not reach the server). Never both.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DeviceCaeaJson } from '../../domain/schemas/sync';
import { addToCart } from '../../src/offline/cart';
import { applyPullPage } from '../../src/offline/product-store';
import { db, getMeta } from '../../src/offline/db';
import { captureSale } from '../../src/offline/capture';
import { HOLD_MS, numberHeldWithCaea } from '../../src/offline/invoice-fallback';
import { applyResults, toPushedSale } from '../../src/offline/outbox';
import { freshStore, product, pullPage, takeBatch } from './local-store';

const facturaB = { tipo: 6 as const, docTipo: 99 as const, docNro: '0', condicion: 5 as const };
const caea: DeviceCaeaJson = {
  ptoVta: 31,
  lastNumbers: { '6': 7 },
  caeas: [{ caea: '36461234567890', periodo: 202611, orden: 2, validFrom: '2000-01-01', validTo: '2999-12-31', reportDeadline: '2999-12-31' }],
  issuer: { cuit: '20111111112', taxCondition: 'responsable_inscripto', environment: 'homologacion', simulator: false, startOfActivities: null, iibb: null },
};

async function sellOnline() {
  await addToCart(1);
  return captureSale({ sellerId: 7, sellerName: 'Vera', paymentMethod: 'efectivo', discountCents: 0, invoice: facturaB, offline: false });
}
const heldAck = (entry: { clientSaleId: string; deviceSeq: number }) => ({
  clientSaleId: entry.clientSaleId,
  deviceSeq: entry.deviceSeq,
  status: 'applied' as const,
  saleId: 5,
  saleNumber: 'V-1',
  invoice: { status: 'pendiente', cae: null } as never,
  invoiceHeld: true as const,
});

describe('a held invoice request (issue #33.5)', () => {
  beforeEach(async () => {
    await freshStore(product(1, { stock: 50, price: 1210 }));
    await applyPullPage(pullPage({ caea, cursor: 2 }));
  });

  it('is held with a deadline a few seconds ahead, and pushed with `hold`', async () => {
    const before = Date.now();
    const entry = await sellOnline();
    const until = Date.parse(entry.invoiceRequest!.hold!.until);
    expect(until - before).toBeGreaterThanOrEqual(HOLD_MS - 50);
    expect(until - Date.now()).toBeLessThanOrEqual(HOLD_MS);
    expect(entry.invoice).toBeNull();
    expect(toPushedSale(entry).invoice).toEqual({ tipo_comprobante: 6, documento_tipo: 99, documento_nro: '0', condicion_iva_receptor: 5, hold: true });
  });

  it('the server answered first: released and pushed again with `release`; numbering it afterwards does nothing', async () => {
    const entry = await sellOnline();
    const batch = await takeBatch(10);
    await db.transaction('rw', db.outbox, () => applyResults(batch, [heldAck(entry)]));
    const released = (await db.outbox.get(entry.clientSaleId))!;
    expect(released).toMatchObject({ status: 'pending', saleId: 5, invoiceRequest: { hold: { released: true } } });
    expect(toPushedSale(released).invoice).toMatchObject({ hold: true, release: true });
    expect(toPushedSale(released).invoice?.caea).toBeUndefined();
    expect(await numberHeldWithCaea([entry.clientSaleId])).toEqual([]);
    expect((await db.outbox.get(entry.clientSaleId))!.invoiceRequest?.caea).toBeUndefined();
    expect(await getMeta('caeaNumbers')).toBeUndefined();
    // The release's answer: the CAE invoice; the entry is synced.
    const again = await takeBatch(10);
    await db.transaction('rw', db.outbox, () =>
      applyResults(again, [{ ...heldAck(entry), status: 'duplicate', invoiceHeld: undefined, invoice: { status: 'autorizada', cae: '71263951827464' } as never }]),
    );
    expect(await db.outbox.get(entry.clientSaleId)).toMatchObject({ status: 'synced', invoice: { cae: '71263951827464' } });
  });

  it('no answer: numbered with CAEA once (its number reserved), printed, and pushed with `hold` and `caea`; a late release never happens', async () => {
    const entry = await sellOnline();
    const [numbered] = await numberHeldWithCaea([entry.clientSaleId]);
    expect(numbered!.invoiceRequest?.caea).toMatchObject({ ptoVta: 31, cbteNro: 8, caea: '36461234567890' });
    expect(numbered!.invoice).toMatchObject({ status: 'autorizada', authorization: 'CAEA', invoiceNumber: '00031-00000008', total: 1210 });
    expect(await numberHeldWithCaea([entry.clientSaleId])).toEqual([]);
    expect(await getMeta('caeaNumbers')).toEqual({ '31-6': 8 });
    const pushed = toPushedSale((await db.outbox.get(entry.clientSaleId))!).invoice!;
    expect(pushed).toMatchObject({ hold: true, caea: { ptoVta: 31, cbteNro: 8 } });
    expect(pushed.release).toBeUndefined();
  });

  it('numbered while its push was in flight: the held answer keeps the CAEA invoice and sends the sale again with its number', async () => {
    const entry = await sellOnline();
    const batch = await takeBatch(10);
    await numberHeldWithCaea([entry.clientSaleId]);
    await db.transaction('rw', db.outbox, () => applyResults(batch, [heldAck(entry)]));
    const after = (await db.outbox.get(entry.clientSaleId))!;
    expect(after).toMatchObject({ status: 'pending', saleId: 5, invoice: { authorization: 'CAEA', invoiceNumber: '00031-00000008' } });
    expect(after.invoiceRequest?.hold?.released).toBeUndefined();
    expect(toPushedSale(after).invoice).toMatchObject({ hold: true, caea: { cbteNro: 8 } });
    // Its second answer settles it, still the CAEA invoice.
    const again = await takeBatch(10);
    await db.transaction('rw', db.outbox, () => applyResults(again, [{ ...heldAck(entry), status: 'duplicate', invoiceHeld: undefined, invoice: { authorization: 'CAEA' } as never }]));
    expect(await db.outbox.get(entry.clientSaleId)).toMatchObject({ status: 'synced', invoice: { authorization: 'CAEA', invoiceNumber: '00031-00000008' } });
  });

  it('without a CAEA valid today it cannot be numbered and stays held for the server', async () => {
    const entry = await sellOnline();
    await applyPullPage(pullPage({ caea: { ...caea, caeas: [] }, cursor: 3 }));
    expect(await numberHeldWithCaea([entry.clientSaleId])).toEqual([]);
    expect((await db.outbox.get(entry.clientSaleId))!.invoiceRequest?.hold?.released).toBeUndefined();
  });
});
