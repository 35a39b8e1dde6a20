/**
 * Issue #31.2 and #31.3: a device's CAEA invoice occupies its number only on the device's OWN CAEA point
 * of sale. A claim on another device's point of sale, or on the server's CAE point of sale, is kept for
 * review without its number (the sale is applied and flagged), so the owner's real invoice and the next
 * online invoice are never refused. A local number collision in the issuer (a claim left by an older
 * version, or any other holder) is released or postponed visibly: never a 500, never a wedged book.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../../domain/constants';
import { arcaDate } from '../../../domain/invoicing/format';
import { caeas, devices, invoices, sales } from '../../../server/db/schema';
import { first } from '../../../server/db/store';
import { createProduct, pushedSale } from '../../helpers/fixtures';
import type { TestDevice } from '../../helpers/server';
import { arcaApp, generate, ISSUER_CUIT, paidSale } from './harness';

// The CAEA keeper and reporter stay out of the way: the test sets its CAEA up itself.
const { s, admin, setup } = await arcaApp('responsable_inscripto', { env: { ARCA_CAEA_CHECK_MS: '3600000' }, captureLogs: true });
const CAEA = '36461234567891';
const facturaB = { tipo_comprobante: 6, documento_tipo: 99, documento_nro: '0', condicion_iva_receptor: 5 };
const today = arcaDate(Date.now());

beforeAll(async () => {
  await s.app.store.write((tx) =>
    tx.insert(caeas).values({ issuerCuit: ISSUER_CUIT, environment: 'homologacion', simulator: false, periodo: 209901, orden: 1, caea: CAEA, validFrom: '2000-01-01', validTo: '2099-12-31', reportDeadline: '2099-12-31' }),
  );
});

const push = (device: TestDevice, list: unknown[]) =>
  s.call({ method: 'POST', url: '/api/sync/push', token: admin, headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: list } });
const invoicesOf = (saleId: number) => s.app.store.read((q) => q.select().from(invoices).where(eq(invoices.saleId, saleId)).orderBy(invoices.id));
const saleRow = async (saleId: number) => (await s.app.store.read((q) => first(q.select().from(sales).where(eq(sales.id, saleId)))))!;
const deviceWithPtoVta = async (ptoVta: number) => {
  const device = await s.registerDevice(admin);
  await s.app.store.write((tx) => tx.update(devices).set({ caeaPtoVta: ptoVta }).where(eq(devices.id, device.id)));
  return device;
};
const caeaSale = async (seq: number, ptoVta: number, cbteNro: number) => {
  const product = await createProduct(s.app.store, { price: 1210, stock: 100 });
  return pushedSale(seq, [{ productId: product, quantity: 1, unitPrice: 1210 }], { invoice: { ...facturaB, caea: { caea: CAEA, ptoVta, cbteNro, cbteFch: today } } });
};
const lastAtArca = (ptoVta: number) => setup.sim.book(ISSUER_CUIT, ptoVta, 6).length;

describe('a device numbers only on its own CAEA point of sale (#31.2)', () => {
  it("another device's number is kept for review without occupying it; the owner's real invoice is then recorded", async () => {
    const owner = await deviceWithPtoVta(31);
    const squatter = await deviceWithPtoVta(32);
    const squat = await caeaSale(1, 31, 1);
    const res = await push(squatter, [squat]);
    expect(res.status).toBe(200);
    const kept = res.body.data.results[0];
    // The sale is a fact: applied and flagged; its invoice claim holds no number.
    expect(kept).toMatchObject({ status: 'applied', invoice: null });
    expect(kept.flags).toContain('review');
    expect(kept.invoiceNote).toContain('00031-00000001');
    expect((await saleRow(kept.saleId)).reviewNote).toContain('no es el de este dispositivo (32)');
    const [row] = await invoicesOf(kept.saleId);
    expect(row).toMatchObject({ status: 'fallida', cbteNro: null, authorization: 'CAE', deviceId: squatter.id, cae: null, reportStatus: null });
    expect(JSON.parse(row!.requestJson)).toMatchObject({ CbteDesde: 1, CbteFch: today });
    // A replay answers the same, and still holds nothing.
    const again = await push(squatter, [squat]);
    expect(again.body.data.results[0]).toMatchObject({ status: 'duplicate', invoice: null, invoiceNote: kept.invoiceNote });

    const real = await push(owner, [await caeaSale(1, 31, 1)]);
    const issued = real.body.data.results[0];
    expect(issued).toMatchObject({ status: 'applied', invoice: { status: 'autorizada', authorization: 'CAEA', invoice_number: '00031-00000001', cae: CAEA } });
    expect(issued.flags).not.toContain('review');

    // The owner retries the kept claim from Facturas: it is issued with CAE on the server's point of sale.
    const retried = await s.call({ method: 'POST', url: `/api/invoices/${row!.id}/retry`, token: admin });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ status: 'autorizada', authorization: 'CAE', ptoVta: 4 });
  });

  it('a device without a CAEA point of sale, or one numbering on a number already held, keeps its sale and holds nothing', async () => {
    const none = await s.registerDevice(admin);
    const res = await push(none, [await caeaSale(1, 33, 1)]);
    expect(res.body.data.results[0]).toMatchObject({ status: 'applied', invoice: null });
    expect(res.body.data.results[0].invoiceNote).toContain('ninguno asignado');
    const own = await deviceWithPtoVta(34);
    await push(own, [await caeaSale(1, 34, 7)]);
    const twice = (await push(own, [await caeaSale(2, 34, 7)])).body.data.results[0];
    expect(twice).toMatchObject({ status: 'applied', invoice: null });
    expect(twice.invoiceNote).toContain('00034-00000007 ya existe');
    expect(await invoicesOf(twice.saleId)).toMatchObject([{ status: 'fallida', cbteNro: null }]);
  });
});

describe("no pushed invoice occupies a number on the server's points of sale (#31.3)", () => {
  it("a claim on the server's CAE point of sale is kept for review; the next online invoice is issued", async () => {
    const device = await deviceWithPtoVta(35);
    const next = lastAtArca(4) + 1;
    const res = await push(device, [await caeaSale(1, 4, next)]);
    const kept = res.body.data.results[0];
    expect(kept).toMatchObject({ status: 'applied', invoice: null });
    expect(kept.invoiceNote).toContain('punto de venta del servidor');
    expect(await invoicesOf(kept.saleId)).toMatchObject([{ status: 'fallida', cbteNro: null }]);
    const saleId = await paidSale(s, admin, [{ price: 1210, quantity: 1 }]);
    const online = await generate(s, admin, saleId, facturaB);
    expect(online.status).toBe(201);
    expect(online.body.data).toMatchObject({ status: 'autorizada', ptoVta: 4, cbteNro: next });
  });

  /** A row on the server's CAE point of sale holding `cbteNro`, as an older version (or anything else) left it. */
  const holder = async (cbteNro: number, fields: Partial<typeof invoices.$inferInsert>) => {
    const saleId = await paidSale(s, admin, [{ price: 1210, quantity: 1 }]);
    const row = { saleId, environment: 'homologacion', simulator: false, issuerCuit: ISSUER_CUIT, issuerTaxCondition: 'responsable_inscripto', ptoVta: 4, cbteTipo: 6, cbteNro, cbteFch: today } as const;
    const amounts = { docTipo: 99, docNro: '0', condicionIvaReceptor: 5, totalCents: 121000, netCents: 100000, ivaCents: 21000, requestJson: '{}', userId: 1, status: 'autorizada' } as const;
    return (await s.app.store.write((tx) => tx.insert(invoices).values({ ...row, ...amounts, ...fields }).returning({ id: invoices.id })))[0]!.id;
  };

  it('a claim an older version stored on that number is released when the issuer reaches it, and the invoice is issued', async () => {
    const device = await deviceWithPtoVta(36);
    const next = lastAtArca(4) + 1;
    const squatter = await holder(next, { authorization: 'CAEA', deviceId: device.id, cae: CAEA, caeVto: '20991231', reportStatus: 'pendiente', reportDeadline: '2099-12-31' });
    const saleId = await paidSale(s, admin, [{ price: 1210, quantity: 1 }]);
    const online = await generate(s, admin, saleId, facturaB);
    expect(online.status).toBe(201);
    expect(online.body.data).toMatchObject({ status: 'autorizada', ptoVta: 4, cbteNro: next });
    const [released] = await s.app.store.read((q) => q.select().from(invoices).where(eq(invoices.id, squatter)));
    expect(released).toMatchObject({ status: 'fallida', cbteNro: null, authorization: 'CAE', cae: null, reportStatus: null });
    expect(released!.failureReason).toContain(`00004-${String(next).padStart(8, '0')}`);
  });

  it('any other local holder postpones the invoice with the reason (no 500, no log every tick), and it is issued once the number is free', async () => {
    const next = lastAtArca(4) + 1;
    const other = await holder(next, {});
    const saleId = await paidSale(s, admin, [{ price: 1210, quantity: 1 }]);
    const logged = s.logs.length;
    const online = await generate(s, admin, saleId, facturaB);
    expect(online.status).toBe(503);
    expect(online.body.message).toContain('ya lo tiene otra factura del servidor');
    expect(online.body.data).toMatchObject({ status: 'pendiente', cbteNro: 0 });
    const [row] = await invoicesOf(saleId);
    expect(row!.nextRetryAt).not.toBeNull();
    expect(row!.failureReason).toContain(`factura ${other}`);
    // The number is freed (the owner fixed the other row): the retry issues it on that number.
    await s.app.store.write((tx) => tx.update(invoices).set({ status: 'fallida', cbteNro: null }).where(eq(invoices.id, other)));
    const retried = await s.call({ method: 'POST', url: `/api/invoices/${row!.id}/retry`, token: admin });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ status: 'autorizada', cbteNro: next });
    expect(s.logs.slice(logged).filter((l) => String(l.msg ?? '').includes('Reintento de factura'))).toEqual([]);
  });
});
