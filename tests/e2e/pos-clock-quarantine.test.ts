/**
 * Issue #29 items 2 and 3 in Chromium against the real server. A tablet whose clock says 1 January 2000
 * warns "El reloj de esta tablet está mal", and its sale lands on the server once, flagged and booked on
 * the day it arrived. A malformed sale in the tablet's queue (an unsafe deviceSeq, as a corrupted entry
 * would carry) comes back `rejected` on its own: the sync panel shows it «Rechazada» with its reason, never
 * «Enviando», the next sale goes through, and the admin finds its body in quarantine.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, loginThroughForm, SELLER_PASSWORD, serverAndBrowser } from './harness';
import { addProduct, checkout, createProduct, newDevice, serverSales, signInAndOpenPos, waitAllSynced, waitForOutbox } from './pos-helpers';

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('reloj');
await createProduct(server, { name: 'Alfajor de maicena', code: '7790000000291', price: 800, stock: 100 });

/** Shifts the page's clock by `offset` ms (it runs on from there), before any script of the app runs. */
function shiftClock(offset: number) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string]));
    }
    static override now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}

/** Puts a copy of `entry` with another id and an unsafe sequence in the device's queue, pending. */
function queueMalformed(entry: Record<string, unknown>) {
  return new Promise<string>((resolve, reject) => {
    const open = indexedDB.open('mostrador');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const id = crypto.randomUUID();
      const tx = open.result.transaction('outbox', 'readwrite');
      tx.objectStore('outbox').put({ ...entry, clientSaleId: id, deviceSeq: 2 ** 53 + 2, provisionalNumber: 'rota', status: 'pending', saleId: null, saleNumber: null, attempts: 0 });
      tx.oncomplete = () => {
        open.result.close();
        resolve(id);
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

describe('a tablet with a wrong clock and a malformed sale in its queue', () => {
  it('warns about the clock, lands its sale flagged, and shows the malformed one rejected', async () => {
    // The owner's back office, before any device sent anything wrong: the quarantine says it is empty.
    const office = await (await newDevice(browser)).newPage();
    await loginThroughForm(office, server.baseUrl, 'admin', ADMIN_PASSWORD);
    await office.goto(new URL('/sales', server.baseUrl).href);
    await office.getByTestId('sales-quarantine').getByText('Ningún dispositivo envió ventas que el servidor no pudiera registrar.').waitFor();

    const context = await newDevice(browser);
    const target = Date.UTC(2000, 0, 1, 15, 0, 0);
    await context.addInitScript(shiftClock, target - Date.now());
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);

    const warning = page.getByTestId('clock-warning');
    await warning.getByText('El reloj de esta tablet está mal').waitFor();
    expect(await warning.textContent()).toContain('Marca 01/01/2000');
    expect(await warning.textContent()).toMatch(/está atrasado 2\d años/);

    await addProduct(page, 'Alfajor de maicena');
    await checkout(page);
    const [sold] = await waitAllSynced(page, 1);
    const onServer = (await serverSales(server)).filter((sale) => sale.clientSaleId === sold.clientSaleId);
    expect(onServer).toHaveLength(1);
    expect(onServer[0].flags).toContain('review');
    const detail = await server.api('GET', `/sales/${onServer[0].id}`, { token: await server.adminToken() });
    expect(new Date(detail.body.data.saleDate).getUTCFullYear()).toBe(new Date().getUTCFullYear());
    expect(detail.body.data.reviewNote).toContain('Reloj del dispositivo atrasado');

    const [entry] = (await page.evaluate(
      () =>
        new Promise<unknown[]>((resolve) => {
          const open = indexedDB.open('mostrador');
          open.onsuccess = () => {
            const request = open.result.transaction('outbox').objectStore('outbox').getAll();
            request.onsuccess = () => {
              open.result.close();
              resolve(request.result);
            };
          };
        }),
    )) as Record<string, unknown>[];
    const malformedId = await page.evaluate(queueMalformed, entry);
    await addProduct(page, 'Alfajor de maicena');
    await checkout(page);
    const outbox = await waitForOutbox(page, (sales) => sales.length === 3 && sales.every((sale) => sale.status === 'synced' || sale.status === 'rejected'));
    const bad = outbox.find((sale) => sale.clientSaleId === malformedId)!;
    expect(outbox.map((sale) => sale.status).sort()).toEqual(['rejected', 'synced', 'synced']);
    expect(bad.status).toBe('rejected');
    expect(bad.lastError).toMatch(/^Datos inválidos/);

    await page.getByTestId('sync-status').click();
    const panel = page.getByRole('dialog', { name: 'Sincronización' });
    await panel.getByText('Rechazadas (1)').waitFor();
    await panel.getByText(/Motivo: Datos inválidos/).waitFor();
    expect(await panel.getByText('Enviando').count()).toBe(0);

    // "Reintentar" sends it again: rejected again, one more attempt, never lost and never "Enviando".
    await panel.getByRole('button', { name: 'Reintentar' }).click();
    await waitForOutbox(page, (sales) => sales.some((sale) => sale.clientSaleId === malformedId && sale.attempts === bad.attempts + 1 && sale.status === 'rejected'));
    await context.close();

    // The owner sees its body and why under Ventas.
    const quarantine = await server.api('GET', '/sync/quarantine', { token: await server.adminToken() });
    expect(quarantine.body.data.filter((row: { clientSaleId: string }) => row.clientSaleId === malformedId)).toHaveLength(1);
    await office.reload();
    const kept = office.getByTestId('sales-quarantine');
    await kept.getByText('Ventas rechazadas de los dispositivos (1)').waitFor();
    const row = kept.getByTestId('quarantine-row');
    expect(await row.textContent()).toMatch(/Motivo: Datos inválidos/);
    expect(await row.textContent()).toContain('2 intentos');
    expect(await row.textContent()).toContain('No registrada');
    await row.getByText(/Motivo: Datos inválidos/).click();
    await row.getByText(`Identificador de la venta: ${malformedId}`).waitFor();
    await office.context().close();
  });
});
