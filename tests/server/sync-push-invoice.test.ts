/**
 * A pushed sale's invoice (issue #11): recorded with its sale, settled with the ARCA simulator after the
 * commit, exactly one per sale on replays and concurrent pushes; a bad request keeps the sale; a CAEA
 * invoice numbered offline is recorded once as issued, to be reported.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { caeas, devices, invoices, sales } from '../../server/db/schema';
import { first } from '../../server/db/store';
import { createProduct, pushedSale } from '../helpers/fixtures';
import type { TestDevice } from '../helpers/server';
import { arcaApp, ISSUER_CUIT, waitFor } from './arca/harness';


// The CAEA keeper and reporter stay out of the way (an hour between runs): these tests set the CAEA up themselves.
const { s, admin, setup } = await arcaApp('responsable_inscripto', { env: { ARCA_CAEA_CHECK_MS: '3600000' } });

const facturaB = { tipo_comprobante: 6, documento_tipo: 99, documento_nro: '0', condicion_iva_receptor: 5 };
const push = (device: TestDevice, list: unknown[]) =>
  s.call({ method: 'POST', url: '/api/sync/push', token: admin, headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: list } });
const invoicesOf = (saleId: number) => s.app.store.read((q) => q.select().from(invoices).where(eq(invoices.saleId, saleId)).orderBy(invoices.id));
const saleRow = async (saleId: number) => (await s.app.store.read((q) => first(q.select().from(sales).where(eq(sales.id, saleId)))))!;
const oneSale = async (seq: number, invoice?: Record<string, unknown>) => {
  const product = await createProduct(s.app.store, { price: 1210, stock: 100 });
  return pushedSale(seq, [{ productId: product, quantity: 1, unitPrice: 1210 }], invoice ? { invoice } : {});
};

describe('push with an invoice request (CAE)', () => {
  it('issues the CAE right after the sale and returns it; a replay returns the same invoice and asks ARCA nothing', async () => {
    const device = await s.registerDevice(admin);
    const sale = await oneSale(1, facturaB);
    const res = await push(device, [sale]);
    expect(res.status).toBe(200);
    const result = res.body.data.results[0];
    expect(result).toMatchObject({ status: 'applied', invoice: { status: 'autorizada', invoice_type: 6, letter: 'B', ptoVta: 4, total: 1210, iva: 210, authorization: 'CAE' } });
    expect(result.invoiceNote).toBeUndefined();
    const entry = setup.sim.book(ISSUER_CUIT, 4, 6).find((e) => e.cae === result.invoice.cae);
    expect(entry).toBeDefined();
    const granted = setup.sim.counters.granted;
    const again = await push(device, [sale]);
    expect(again.body.data.results[0]).toMatchObject({ status: 'duplicate', saleId: result.saleId, invoice: { id: result.invoice.id, cae: result.invoice.cae } });
    expect(setup.sim.counters.granted).toBe(granted);
    expect(await invoicesOf(result.saleId)).toHaveLength(1);
  });

  it('the same sale pushed concurrently on two connections gets one invoice and one CAE', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as { port: number };
    const device = await s.registerDevice(admin);
    const body = JSON.stringify({ deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: [await oneSale(1, facturaB)] });
    const granted = setup.sim.counters.granted;
    const send = () =>
      fetch(`http://127.0.0.1:${port}/api/sync/push`, { method: 'POST', headers: { 'content-type': 'application/json', ...device.headers }, body }).then((r) => r.json());
    const replies = await Promise.all([send(), send()]);
    const results = replies.map((r) => r.data.results[0]);
    expect(results.map((r) => r.status).sort()).toEqual(['applied', 'duplicate']);
    const saleId = results[0].saleId;
    expect(await invoicesOf(saleId)).toHaveLength(1);
    await waitFor(async () => (await invoicesOf(saleId))[0]!.status === 'autorizada');
    expect(setup.sim.counters.granted - granted).toBe(1);
  });

  it('an invoice the issuer may not emit keeps the sale, without an invoice, and says why', async () => {
    const device = await s.registerDevice(admin);
    const requests = setup.sim.counters.caeRequests;
    const res = await push(device, [await oneSale(1, { ...facturaB, tipo_comprobante: 11 })]);
    const result = res.body.data.results[0];
    expect(result.status).toBe('applied');
    expect(result.invoice).toBeNull();
    expect(result.invoiceNote).toBe('La venta se registró sin factura: Un emisor Responsable Inscripto emite Factura A o B, no Factura C. Podés emitirla desde Ventas.');
    expect((await saleRow(result.saleId)).totalCents).toBe(121000);
    expect(await invoicesOf(result.saleId)).toHaveLength(0);
    expect(setup.sim.counters.caeRequests).toBe(requests);
    // A Factura A without the buyer's CUIT: refused the same way.
    const a = await push(device, [await oneSale(2, { tipo_comprobante: 1, documento_tipo: 96, documento_nro: '30123456', condicion_iva_receptor: 1 })]);
    expect(a.body.data.results[0]).toMatchObject({ status: 'applied', invoice: null });
    expect(a.body.data.results[0].invoiceNote).toContain('CUIT');
  });

  it('ARCA unreachable: the push answers within its bounded wait with the invoice pending; the retry loop issues it later', async () => {
    const device = await s.registerDevice(admin);
    setup.sim.faults.http500Rate = 1;
    try {
      const started = Date.now();
      const res = await push(device, [await oneSale(1, facturaB)]);
      expect(Date.now() - started).toBeLessThan(15_000);
      const result = res.body.data.results[0];
      expect(result).toMatchObject({ status: 'applied', invoice: { status: 'pendiente', cae: null } });
      expect(result.invoiceNote).toBe('La factura se emitirá cuando ARCA responda. Podés reimprimirla desde Ventas.');
      setup.sim.faults.http500Rate = 0;
      await waitFor(async () => (await invoicesOf(result.saleId))[0]!.status === 'autorizada', 60_000);
      const again = await push(device, [await oneSale(2)]);
      expect(again.body.data.results[0].invoice).toBeUndefined();
    } finally {
      setup.sim.faults.http500Rate = 0;
    }
  });
});

describe('push with a CAEA invoice numbered offline', () => {
  const CAEA = '36461234567890';
  beforeAll(async () => {
    await s.app.store.write((tx) => tx
      .insert(caeas)
      .values({ issuerCuit: ISSUER_CUIT, environment: 'homologacion', simulator: false, periodo: 202601, orden: 1, caea: CAEA, validFrom: '2026-01-01', validTo: '2026-01-15', reportDeadline: '2026-01-23' }));
  });
  const deviceWithPtoVta = async (ptoVta: number) => {
    const device = await s.registerDevice(admin);
    await s.app.store.write((tx) => tx.update(devices).set({ caeaPtoVta: ptoVta }).where(eq(devices.id, device.id)));
    return device;
  };
  const withCaea = (ptoVta: number, cbteNro: number, caea = CAEA, cbteFch = '20260110') => ({ ...facturaB, caea: { caea, ptoVta, cbteNro, cbteFch } });

  it('records it once as issued with CAEA, to be reported by the fortnight deadline, and asks ARCA nothing', async () => {
    const device = await deviceWithPtoVta(21);
    const requests = setup.sim.counters.caeRequests + setup.sim.counters.lastAuthorized;
    const sale = await oneSale(1, withCaea(21, 1));
    const res = await push(device, [sale]);
    const result = res.body.data.results[0];
    expect(result).toMatchObject({ status: 'applied', invoice: { status: 'autorizada', ptoVta: 21, cbteNro: 1, invoice_number: '00021-00000001', cae: CAEA, cae_expiration: '2026-01-15', total: 1210 } });
    expect(result.flags).not.toContain('review');
    const again = await push(device, [sale]);
    expect(again.body.data.results[0]).toMatchObject({ status: 'duplicate', invoice: { id: result.invoice.id } });
    const rows = await invoicesOf(result.saleId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ authorization: 'CAEA', status: 'autorizada', cae: CAEA, caeVto: '20260115', cbteFch: '20260110', reportStatus: 'pendiente', reportDeadline: '2026-01-23', deviceId: device.id });
    expect(JSON.parse(rows[0]!.requestJson)).toMatchObject({ CbteDesde: 1, CbteHasta: 1, CbteFch: '20260110', ImpTotal: '1210.00' });
    expect(setup.sim.counters.caeRequests + setup.sim.counters.lastAuthorized).toBe(requests);
  });

  it('an unknown CAEA is still recorded (it was handed over) and flags the sale; another point of sale is kept for review without its number', async () => {
    const device = await deviceWithPtoVta(22);
    const res = await push(device, [await oneSale(1, withCaea(22, 1, '36460000000000')), await oneSale(2, withCaea(23, 1))]);
    const [unknown, otherPto] = res.body.data.results;
    expect(unknown).toMatchObject({ status: 'applied', invoice: { cae: '36460000000000', ptoVta: 22 } });
    expect(unknown.flags).toContain('review');
    expect((await saleRow(unknown.saleId)).reviewNote).toContain('CAEA que el servidor no tiene (36460000000000)');
    expect((await invoicesOf(unknown.saleId))[0]).toMatchObject({ reportStatus: 'pendiente', reportDeadline: null, caeVto: null });
    expect(otherPto).toMatchObject({ status: 'applied', invoice: null });
    expect((await saleRow(otherPto.saleId)).reviewNote).toContain('00023-00000001 se numeró en un punto de venta que no es el de este dispositivo (22)');
    expect(await invoicesOf(otherPto.saleId)).toMatchObject([{ status: 'fallida', cbteNro: null, deviceId: device.id }]);
  });

  it('a number already held by another sale is not stored twice: the sale is kept and flagged, the claim kept for review', async () => {
    const device = await deviceWithPtoVta(24);
    await push(device, [await oneSale(1, withCaea(24, 5))]);
    const res = await push(device, [await oneSale(2, withCaea(24, 5))]);
    const result = res.body.data.results[0];
    expect(result).toMatchObject({ status: 'applied', invoice: null });
    expect(result.invoiceNote).toContain('00024-00000005 ya existe');
    expect(result.flags).toContain('review');
    expect(await invoicesOf(result.saleId)).toMatchObject([{ status: 'fallida', cbteNro: null }]);
  });
});

describe('push with a held invoice (issue #33.5: the device may still number it with CAEA)', () => {
  const CAEA = '36461234567891';
  beforeAll(async () => {
    await s.app.store.write((tx) => tx
      .insert(caeas)
      .values({ issuerCuit: ISSUER_CUIT, environment: 'homologacion', simulator: false, periodo: 202602, orden: 1, caea: CAEA, validFrom: '2026-02-01', validTo: '2026-02-15', reportDeadline: '2026-02-23' }));
  });
  const deviceWithPtoVta = async (ptoVta: number) => {
    const device = await s.registerDevice(admin);
    await s.app.store.write((tx) => tx.update(devices).set({ caeaPtoVta: ptoVta }).where(eq(devices.id, device.id)));
    return device;
  };
  const held = { ...facturaB, hold: true };
  const asks = () => setup.sim.counters.caeRequests + setup.sim.counters.lastAuthorized;
  const withInvoice = (sale: Record<string, unknown>, invoice: Record<string, unknown>) => ({ ...sale, invoice });

  it('is recorded held and asks ARCA nothing (push, replay, settle, retry loop); the release issues one CAE', async () => {
    const device = await deviceWithPtoVta(31);
    const before = asks();
    const sale = await oneSale(1, held);
    const first = (await push(device, [sale])).body.data.results[0];
    expect(first).toMatchObject({ status: 'applied', invoiceHeld: true, invoice: { status: 'pendiente', cae: null } });
    const replay = (await push(device, [sale])).body.data.results[0];
    expect(replay).toMatchObject({ status: 'duplicate', invoiceHeld: true, invoice: { id: first.invoice.id } });
    const [row] = await invoicesOf(first.saleId);
    expect(row).toMatchObject({ deviceHold: true, status: 'pendiente', cbteNro: null, failureReason: 'Esperando al mostrador: la emite con CAEA si no recibió respuesta a tiempo, o pide el CAE' });
    // Neither a direct settle nor the retry loop's due list touches it.
    expect(await s.app.arca.issuer.settle(row!.id)).toMatchObject({ status: 'pendiente', cbteNro: null, attempts: 0 });
    const { invoicesRepository } = await import('../../server/modules/invoices/repository');
    expect((await s.app.store.read((q) => invoicesRepository.duePending(q, new Date(Date.now() + 86_400_000).toISOString()))).map((r) => r.id)).not.toContain(row!.id);
    expect(asks()).toBe(before);
    const granted = setup.sim.counters.granted;
    const released = (await push(device, [withInvoice(sale, { ...held, release: true })])).body.data.results[0];
    expect(released).toMatchObject({ status: 'duplicate', invoice: { id: first.invoice.id, status: 'autorizada', authorization: 'CAE', ptoVta: 4 } });
    expect(released.invoiceHeld).toBeUndefined();
    expect(setup.sim.counters.granted - granted).toBe(1);
    // A CAEA claim after the release never occupies a number: the sale is flagged; still one invoice, one CAE.
    const late = (await push(device, [withInvoice(sale, { ...held, caea: { caea: CAEA, ptoVta: 31, cbteNro: 1, cbteFch: '20260210' } })])).body.data.results[0];
    expect(late).toMatchObject({ status: 'duplicate', invoice: { id: first.invoice.id, authorization: 'CAE' } });
    expect(late.flags).toContain('review');
    expect((await saleRow(first.saleId)).reviewNote).toContain('00031-00000001 de una venta cuya factura ya se pedía con CAE');
    expect(await invoicesOf(first.saleId)).toMatchObject([{ authorization: 'CAE', status: 'autorizada', deviceHold: false }]);
    expect(setup.sim.counters.granted - granted).toBe(1);
  });

  it('the device’s CAEA invoice turns the held row into that invoice, to be reported; a later release changes nothing', async () => {
    const device = await deviceWithPtoVta(32);
    const before = asks();
    const sale = await oneSale(1, held);
    const first = (await push(device, [sale])).body.data.results[0];
    const converted = (await push(device, [withInvoice(sale, { ...held, caea: { caea: CAEA, ptoVta: 32, cbteNro: 1, cbteFch: '20260210' } })])).body.data.results[0];
    expect(converted).toMatchObject({ status: 'duplicate', invoice: { id: first.invoice.id, status: 'autorizada', authorization: 'CAEA', ptoVta: 32, cbteNro: 1, cae: CAEA } });
    expect(converted.flags ?? []).not.toContain('review');
    const rows = await invoicesOf(first.saleId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ deviceHold: false, reportStatus: 'pendiente', reportDeadline: '2026-02-23', caeVto: '20260215', deviceId: device.id, failureReason: null });
    expect(JSON.parse(rows[0]!.requestJson)).toMatchObject({ CbteDesde: 1, CbteHasta: 1, CbteFch: '20260210' });
    const release = (await push(device, [withInvoice(sale, { ...held, release: true })])).body.data.results[0];
    expect(release).toMatchObject({ status: 'duplicate', invoice: { authorization: 'CAEA', cbteNro: 1 } });
    expect(await invoicesOf(first.saleId)).toMatchObject([{ authorization: 'CAEA', status: 'autorizada' }]);
    expect(asks()).toBe(before);
  });

  it('a CAEA invoice that reaches the server first is recorded as such; the held form of the same sale is a duplicate', async () => {
    const device = await deviceWithPtoVta(33);
    const sale = await oneSale(1, held);
    const numbered = withInvoice(sale, { ...held, caea: { caea: CAEA, ptoVta: 33, cbteNro: 1, cbteFch: '20260210' } });
    const first = (await push(device, [numbered])).body.data.results[0];
    expect(first).toMatchObject({ status: 'applied', invoice: { authorization: 'CAEA', ptoVta: 33, cbteNro: 1 } });
    const again = (await push(device, [sale])).body.data.results[0];
    expect(again).toMatchObject({ status: 'duplicate', invoice: { id: first.invoice.id, authorization: 'CAEA' } });
    expect(await invoicesOf(first.saleId)).toHaveLength(1);
  });

  it('a CAEA invoice on a point of sale that is not the device’s is kept for review without its number; ARCA is asked nothing', async () => {
    const device = await deviceWithPtoVta(34);
    const before = asks();
    const sale = await oneSale(1, held);
    const first = (await push(device, [sale])).body.data.results[0];
    const wrong = (await push(device, [withInvoice(sale, { ...held, caea: { caea: CAEA, ptoVta: 35, cbteNro: 1, cbteFch: '20260210' } })])).body.data.results[0];
    expect(wrong).toMatchObject({ status: 'duplicate', invoice: null });
    expect(wrong.invoiceNote).toContain('00035-00000001 se numeró en un punto de venta que no es el de este dispositivo (34)');
    expect(wrong.flags).toContain('review');
    expect(await invoicesOf(first.saleId)).toMatchObject([{ status: 'fallida', cbteNro: null, deviceHold: false, deviceId: device.id }]);
    expect(asks()).toBe(before);
  });
});
