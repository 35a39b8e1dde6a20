/**
 * The buyer at the counter (issue #33, items 1–3) in real Chromium against the real server and its
 * in-process ARCA simulator (WSFE and the padrón): a CUIT typed at checkout fills the customer from the
 * simulated registry, the printed Factura A carries the buyer's name, address, IVA condition and the
 * condición de venta, and another tablet, offline, finds that customer by name and by CUIT. The error
 * paths at checkout: a CUIT with a wrong check digit (nothing asked, nothing saved), a CUIT ARCA does not
 * know and a registry that does not answer in time — each a Spanish note, and the cashier still types the
 * buyer by hand and sells: nothing lost. A Factura A numbered offline with CAEA prints the same buyer
 * block as the online one (address and condición de venta included).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cuitCheckDigit } from '../../domain/cuit';
import { SELLER_PASSWORD, serverAndBrowser } from './harness';
import { addProduct, createProduct, deviceOutbox, newDevice, signInAndOpenPos, waitAllSynced, waitCartEmpty } from './pos-helpers';
import { pdfText } from './pdf-helpers';
import { counterDevice, printedPdf, stubPrint } from './counter-invoice-helpers';

// A short registry timeout, so the "ARCA does not answer" path takes 1.5 s, not 5.
const { server, browser } = await serverAndBrowser({ ARCA_TAX_CONDITION: 'responsable_inscripto', ARCA_PADRON_TIMEOUT_MS: '1500', ARCA_CAEA_CHECK_MS: '500' });
const seller = await server.createSeller('ines');
const padron = server.app.arca.runtime.simulator!.padron;
beforeAll(async () => {
  await createProduct(server, { name: 'Tornillos 100 u', code: '7791234500301', price: 12100, stock: 50 });
});
afterEach(() => {
  padron.knobs.delayMs = 0;
});

/** A valid CUIT (check digit right) that the simulator's registry does not hold. */
const unknownCuit = (() => {
  const ten = '2044455566';
  return `${ten}${cuitCheckDigit(ten)}`;
})();

/** The PDF text with the line breaks and the layout's runs of spaces folded into single spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function openCheckout(page: Page) {
  await addProduct(page, 'Tornillos 100 u');
  await page.getByRole('button', { name: 'Procesar Venta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
  await dialog.waitFor();
  return dialog;
}

/** Types `typed` in the customer field and opens «Nuevo cliente» with it. */
async function newCustomerFrom(page: Page, typed: string) {
  const dialog = page.getByRole('dialog', { name: 'Completar Venta' });
  await dialog.getByRole('textbox', { name: 'Cliente', exact: true }).fill(typed);
  await dialog.getByRole('button', { name: 'Nuevo cliente' }).click();
  const form = dialog.getByTestId('new-customer');
  await form.waitFor();
  return form;
}

/** The customers stored on the device (IndexedDB `customers`). */
function deviceCustomers(page: Page): Promise<{ uuid: string; name: string; docNumber: string | null; pending: number }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('mostrador');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('customers').objectStore('customers').getAll();
          request.onsuccess = () => {
            resolve(request.result);
            open.result.close();
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

async function waitDeviceCustomer(page: Page, docNumber: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await deviceCustomers(page)).some((c) => c.docNumber === docNumber)) {
    if (Date.now() > deadline) throw new Error(`the device never pulled the customer ${docNumber}`);
    await page.waitForTimeout(200);
  }
}

async function serverCustomers(search: string) {
  const reply = await server.api('GET', `/customers?search=${encodeURIComponent(search)}`, { token: await server.adminToken() });
  expect(reply.status, reply.body.message).toBe(200);
  return reply.body.data as { uuid: string; name: string; docType: number; docNumber: string; ivaConditionId: number; address: string | null }[];
}

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await page.getByTestId('sync-status').getByText(/Sin conexión/).filter({ visible: true }).waitFor();
}

describe('a CUIT at checkout fills the buyer; the Factura A prints it; another tablet finds it offline', () => {
  it('fills name, IVA condition and address from the simulated registry, prints them on the Factura A, and a second device finds the customer offline by name and by CUIT', async () => {
    const context = await newDevice(browser);
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
    await stubPrint(page);
    const dialog = await openCheckout(page);
    const form = await newCustomerFrom(page, '30-71234567-1');
    await form.getByText('Datos completados desde el padrón de ARCA').waitFor();
    expect(await form.getByRole('textbox', { name: 'Razón social o nombre' }).inputValue()).toBe('FERRETERIA LOS ANDES SRL');
    expect(await form.getByRole('combobox', { name: 'Condición frente al IVA' }).inputValue()).toBe('IVA Responsable Inscripto');
    expect(await form.getByRole('textbox', { name: 'Domicilio' }).inputValue()).toContain('AV CORRIENTES 1234');
    await form.getByRole('button', { name: 'Guardar cliente' }).click();
    await dialog.getByTestId('picked-customer').getByText('FERRETERIA LOS ANDES SRL').waitFor();

    // The customer picked sets the Factura's buyer: the letter follows its IVA condition (never typed).
    await dialog.getByText('Factura', { exact: true }).click();
    expect(await dialog.getByRole('combobox', { name: 'Tipo de comprobante' }).inputValue()).toBe('Factura A');
    await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
    await page.waitForFunction(() => document.body.getAttribute('data-printed') === '1', undefined, { timeout: 30_000 });
    await waitCartEmpty(page);
    const text = flat(pdfText(await printedPdf(page)));
    for (const part of ['FACTURA A', 'CAE N°', 'CUIT 30-71234567-1', 'IVA Responsable Inscripto', 'Razón social: FERRETERIA LOS ANDES SRL', 'Domicilio: AV CORRIENTES 1234', 'Condición de venta: Contado - Efectivo']) {
      expect(text).toContain(part);
    }
    const [entry] = await waitAllSynced(page, 1);
    const invoice = (await server.api('GET', `/invoices/sale/${(entry as unknown as { saleId: number }).saleId}`, { token: await server.adminToken() })).body.data;
    expect(invoice).toMatchObject({ status: 'autorizada', letter: 'A' });

    // The customer reached the server once, with the registry's data.
    const found = await serverCustomers('30712345671');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ name: 'FERRETERIA LOS ANDES SRL', docType: 80, docNumber: '30712345671', ivaConditionId: 1 });
    expect(found[0].address).toContain('AV CORRIENTES 1234');

    // Another tablet pulls the customer file, goes offline, and finds the buyer by name and by CUIT.
    const other = await newDevice(browser);
    const tablet = await other.newPage();
    await signInAndOpenPos(tablet, server.baseUrl, seller, SELLER_PASSWORD);
    await waitDeviceCustomer(tablet, '30712345671');
    await goOffline(other, tablet);
    const offlineDialog = await openCheckout(tablet);
    const field = offlineDialog.getByRole('textbox', { name: 'Cliente', exact: true });
    const matches = offlineDialog.getByRole('listbox', { name: 'Clientes encontrados' });
    await field.fill('ferreteria andes');
    await matches.getByRole('option', { name: /FERRETERIA LOS ANDES SRL/ }).waitFor();
    await field.fill('30712345671');
    await matches.getByRole('option', { name: /FERRETERIA LOS ANDES SRL/ }).click();
    await offlineDialog.getByTestId('picked-customer').getByText('FERRETERIA LOS ANDES SRL').waitFor();
    await expect.poll(() => offlineDialog.getByTestId('picked-customer').textContent()).toContain('AV CORRIENTES 1234');
    await other.close();
    await context.close();
  });
});

describe('the registry at checkout: wrong, unknown, silent — Spanish notes and nothing lost', () => {
  it('a CUIT with a wrong check digit asks nothing and saves nothing; an unknown CUIT and a registry that times out say so, and the buyer typed by hand is sold to', async () => {
    const context = await newDevice(browser);
    const page = await context.newPage();
    await signInAndOpenPos(page, server.baseUrl, seller, SELLER_PASSWORD);
    const dialog = await openCheckout(page);

    // Wrong check digit: no lookup, and «Guardar cliente» names the problem; nothing stored.
    let form = await newCustomerFrom(page, '30712345672');
    await form.getByRole('textbox', { name: 'Razón social o nombre' }).fill('Alguien');
    await form.getByRole('button', { name: 'Guardar cliente' }).click();
    await form.getByText('El CUIT no es válido: revisá el dígito verificador.').waitFor();
    expect(await form.getByText('Consultando el padrón de ARCA…').count()).toBe(0);
    expect((await deviceCustomers(page)).filter((c) => c.name === 'Alguien')).toEqual([]);
    await form.getByRole('button', { name: 'Cancelar' }).click();

    // A valid CUIT ARCA does not know: the registry's 404 in Spanish; typed by hand, the customer is kept.
    form = await newCustomerFrom(page, unknownCuit);
    await form.getByText(/^ARCA no tiene a nadie registrado con .*Revisá el número o cargá los datos a mano\.$/).waitFor();
    expect(await form.getByRole('textbox', { name: 'Número de documento' }).inputValue()).toBe(unknownCuit);
    await form.getByRole('button', { name: 'Cancelar' }).click();

    // The registry answering after the timeout: the 504's message, and the typed data are not lost.
    padron.knobs.delayMs = 4000;
    const slowCuit = '20123456786';
    form = await newCustomerFrom(page, slowCuit);
    await form.getByText('Consultando el padrón de ARCA…').waitFor();
    await form.getByRole('textbox', { name: 'Razón social o nombre' }).fill('Juan Carlos Pérez');
    await form.getByRole('textbox', { name: 'Domicilio' }).fill('San Martín 456, Córdoba');
    await form.getByText('El padrón de ARCA no respondió a tiempo. Cargá los datos a mano o buscá al cliente en la ficha de clientes.', { exact: false }).waitFor({ timeout: 15_000 });
    expect(await form.getByRole('textbox', { name: 'Razón social o nombre' }).inputValue()).toBe('Juan Carlos Pérez');
    expect(await form.getByRole('textbox', { name: 'Domicilio' }).inputValue()).toBe('San Martín 456, Córdoba');
    await form.getByRole('button', { name: 'Guardar cliente' }).click();
    await dialog.getByTestId('picked-customer').getByText('Juan Carlos Pérez').waitFor();
    await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
    await page.getByText('Venta registrada correctamente').last().waitFor();
    await waitAllSynced(page, 1);
    const sale = (await deviceOutbox(page))[0] as unknown as { saleId: number };
    const stored = (await server.api('GET', `/sales/${sale.saleId}`, { token: await server.adminToken() })).body.data;
    expect(stored).toMatchObject({ customerName: 'Juan Carlos Pérez' });
    const [customer] = await serverCustomers(slowCuit);
    expect(customer).toMatchObject({ name: 'Juan Carlos Pérez', docNumber: slowCuit, address: 'San Martín 456, Córdoba' });
    await context.close();
  });
});

describe('a Factura A numbered offline with CAEA prints the buyer as the online one does', () => {
  it('name, address, IVA condition and condición de venta on the CAEA ticket of a customer from the file', async () => {
    const created = await server.api('POST', '/customers', {
      token: await server.adminToken(),
      body: { docType: 80, docNumber: '27112233445', name: 'FERNANDEZ, ROSA', ivaConditionId: 1, address: 'BELGRANO 789, PILAR, BUENOS AIRES' },
    });
    expect(created.status, created.body.message).toBe(201);
    const { context, page, caea } = await counterDevice(browser, server, seller, 81);
    await waitDeviceCustomer(page, '27112233445');
    await goOffline(context, page);
    await stubPrint(page);
    const dialog = await openCheckout(page);
    await dialog.getByRole('textbox', { name: 'Cliente', exact: true }).fill('fernandez rosa');
    await dialog.getByRole('listbox', { name: 'Clientes encontrados' }).getByRole('option', { name: /FERNANDEZ, ROSA/ }).click();
    await dialog.getByText('Factura', { exact: true }).click();
    expect(await dialog.getByRole('combobox', { name: 'Tipo de comprobante' }).inputValue()).toBe('Factura A');
    await dialog.getByRole('radio', { name: 'Transferencia' }).click();
    await dialog.getByRole('button', { name: 'Confirmar Venta' }).click();
    await page.waitForFunction(() => document.body.getAttribute('data-printed') === '1', undefined, { timeout: 30_000 });
    const text = flat(pdfText(await printedPdf(page)));
    for (const part of ['FACTURA A', `CAEA N°: ${caea}`, '00081-00000001', 'CUIT 27-11223344-5', 'IVA Responsable Inscripto', 'Razón social: FERNANDEZ, ROSA', 'Domicilio: BELGRANO 789, PILAR, BUENOS AIRES', 'Condición de venta: Transferencia bancaria']) {
      expect(text).toContain(part);
    }
    await context.close();
  });
});
