/**
 * «Devolución» at the counter (issue #35 item 6), in real Chromium against the real server. A seller sells
 * 3 units at the counter, then takes back 2 of them: finds the sale by typing its number as a scanner does
 * (number + Enter), picks the units, reads the exact refund, confirms, and prints the «Comprobante de
 * devolución» (browser dialog): it names the shop, the original sale, the lines, $ 3.000,00 refunded in
 * cash and who took it. The server's stock moves back by exactly 2. Past the owner's amount limit the
 * seller reads the server's Spanish refusal in the dialog and nothing moves; offline the entry is disabled
 * and says why. A cash sale's refund leaves the counter's open cash session as a cash out («Devolución a un
 * cliente»), on the device and on the server. The owner sets the rules in Configuración → Permisos (bad values refused in Spanish before
 * anything is sent; good ones stored on the server).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaleReturnsJson } from '../../domain/schemas/returns';
import { adminPage } from './backoffice-helpers';
import { DESKTOP, newContext, screenshot, SELLER_PASSWORD, serverAndBrowser } from './harness';
import { addProduct, checkout, createProduct, newDevice, productStock, signInAndOpenPos, waitAllSynced } from './pos-helpers';

const { server, browser } = await serverAndBrowser();
const PRODUCT = 'Remera algodón talle M';
let productId: number;
let context: BrowserContext;
let page: Page;
let saleNumber: string;

const dialog = () => page.getByRole('dialog', { name: 'Devolución en el mostrador' });
const rule = async (clave: string, valor: string) =>
  expect((await server.api('PUT', `/configuration/devoluciones/${clave}`, { token: await server.adminToken(), body: { valor } })).status).toBe(200);

beforeAll(async () => {
  productId = await createProduct(server, { name: PRODUCT, code: '7790000000351', price: 1500, stock: 40 });
  await server.createSeller('marta');
  context = await newDevice(browser);
  page = await context.newPage();
  await signInAndOpenPos(page, server.baseUrl, 'marta', SELLER_PASSWORD);
  // The counter's cash session, open before the sale: the refund must leave it (refund-drawer.ts).
  await page.getByRole('button', { name: 'Abrir caja' }).click();
  const open = page.getByRole('dialog', { name: 'Abrir caja' });
  await open.getByLabel('Fondo inicial').fill('10.000');
  await open.getByRole('button', { name: 'Abrir caja' }).click();
  await page.getByRole('button', { name: 'Caja abierta' }).waitFor();
  await addProduct(page, PRODUCT, 3);
  await checkout(page);
  const [sold] = await waitAllSynced(page, 1);
  saleNumber = sold.saleNumber!;
});
afterAll(() => context?.close());

async function findByNumber(): Promise<void> {
  await page.getByRole('button', { name: 'Devolución', exact: true }).click();
  const box = dialog().getByLabel('Número de venta');
  await box.fill(saleNumber);
  await box.press('Enter');
  await dialog().getByTestId('counter-return-sale').getByText(`Venta ${saleNumber}`).waitFor();
}

describe('Devolución at the counter by a seller', () => {
  it('returns 2 of 3 units: stock back by exactly 2, the printed slip shows $ 3.000,00 in cash', async () => {
    const before = await productStock(server, productId);
    await findByNumber();
    await dialog().getByText('Podés registrar devoluciones hasta 30 días después de la venta y hasta $ 50.000,00 devueltos por venta.').first().waitFor();
    const plus = dialog().getByRole('button', { name: `Una más de ${PRODUCT}` });
    await plus.click();
    await plus.click();
    expect(await dialog().getByTestId('counter-return-refund').innerText()).toBe('$ 3.000,00');
    await dialog().getByRole('textbox', { name: 'Motivo (opcional)' }).fill('Talle chico');
    await screenshot(page, 'counter-return-dialog', false);
    await dialog().getByRole('button', { name: 'Registrar devolución' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar' });
    await confirm
      .getByText('¿Confirmás la devolución de 2 unidades por $ 3.000,00 (Efectivo)? El stock se devolverá y, si la venta está facturada, se emitirá la nota de crédito.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Confirmar devolución' }).click();

    const done = dialog().getByTestId('counter-return-done');
    await done.getByText('Devolución registrada. El stock fue devuelto.', { exact: false }).waitFor({ timeout: 30_000 });
    await done.getByText('Se registró la salida de $ 3.000,00 de la caja abierta (Devolución a un cliente).', { exact: false }).waitFor();
    expect(await productStock(server, productId)).toBe(before + 2);
    const saleId = (await server.api('GET', `/sales?search=${encodeURIComponent(saleNumber)}`, { token: await server.adminToken() })).body.data[0].id;
    const { returns } = (await server.api('GET', `/sales/${saleId}/returns`, { token: await server.adminToken() })).body.data as SaleReturnsJson;
    expect(returns.map((r) => [r.total, r.user.fullName, r.reason, r.items.map((i) => i.quantity)])).toEqual([[3000, 'Vera Vendedora', 'Talle chico', [2]]]);

    // «Imprimir comprobante» opens the browser's print dialog on the slip alone.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', document.body.classList.contains('return-slip-printing') ? 'slip' : 'other');
    });
    await done.getByRole('button', { name: 'Imprimir comprobante' }).click();
    await page.waitForFunction(() => document.body.getAttribute('data-printed') === 'slip');
    const slip = page.getByTestId('return-slip');
    const text = (await slip.textContent()) ?? '';
    expect(text).toContain('COMPROBANTE DE DEVOLUCIÓN');
    expect(text).toContain(`Devolución N° ${returns[0].id}`);
    expect(text).toContain(`Venta original: ${saleNumber}`);
    expect(text).toContain(`2 x ${PRODUCT}`);
    expect(text).toContain('Devuelto en: Efectivo');
    expect(text).toContain('Atendió: Vera Vendedora');
    expect(text).toContain('Motivo: Talle chico');
    expect(await slip.locator('.row', { hasText: 'TOTAL DEVUELTO' }).locator('.amount').textContent()).toBe('$ 3.000,00');
    await page.emulateMedia({ media: 'print' });
    expect(await slip.isVisible()).toBe(true);
    await screenshot(page, 'counter-return-slip', false);
    await page.emulateMedia({ media: 'screen' });
    await done.getByRole('button', { name: 'Listo' }).click();
    await dialog().waitFor({ state: 'hidden' });

    // The drawer: 10.000 float + 4.500 sold in cash − 3.000 handed back; the server gets the same cash out.
    await page.getByRole('button', { name: 'Caja abierta' }).click();
    const cash = page.getByRole('dialog', { name: 'Caja abierta' });
    expect(await cash.getByTestId('cash-expected-now').textContent()).toBe('$ 11.500,00');
    await page.keyboard.press('Escape');
    await cash.waitFor({ state: 'hidden' });
    const deadline = Date.now() + 30_000;
    let movements: { kind: string; amount: number; reason: string; note: string | null }[] = [];
    while (movements.length === 0) {
      const token = await server.adminToken();
      const sessions = (await server.api('GET', '/cash-sessions', { token })).body.data as { id: number }[];
      if (sessions.length > 0) movements = (await server.api('GET', `/cash-sessions/${sessions[0].id}`, { token })).body.data.movements;
      if (movements.length === 0 && Date.now() > deadline) throw new Error('la salida de caja de la devolución no llegó al servidor');
      if (movements.length === 0) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(movements.map((m) => [m.kind, m.amount, m.reason, m.note])).toEqual([['out', 3000, 'devolucion', `Devolución N° ${returns[0].id} de la venta ${saleNumber}`]]);
  });

  it('past the owner amount limit: the server refusal shows in the dialog and nothing moves', async () => {
    await rule('monto_maximo_vendedor', '4000');
    try {
      const before = await productStock(server, productId);
      await findByNumber();
      await dialog().getByText('Ya devueltas: 2').waitFor();
      await dialog().getByRole('button', { name: `Una más de ${PRODUCT}` }).click();
      await dialog().getByRole('button', { name: 'Registrar devolución' }).click();
      await page.getByRole('dialog', { name: 'Confirmar' }).getByRole('button', { name: 'Confirmar devolución' }).click();
      await dialog()
        .getByText(
          `Los vendedores pueden devolver hasta $ 4.000,00 por venta sin un administrador, y con esta devolución de $ 1.500,00 la venta ${saleNumber} sumaría $ 4.500,00 devueltos. Pedile a un administrador que la registre.`,
        )
        .waitFor();
      expect(await productStock(server, productId)).toBe(before);
      await dialog().getByRole('button', { name: 'Cancelar' }).click();
      await dialog().waitFor({ state: 'hidden' });
    } finally {
      await rule('monto_maximo_vendedor', '50000');
    }
  });

  it('offline: «Devolución» is disabled and says it needs the server', async () => {
    await context.setOffline(true);
    try {
      const button = page.getByRole('button', { name: 'Devolución', exact: true });
      await page.getByText('Sin conexión: las devoluciones necesitan el servidor').waitFor();
      expect(await button.isDisabled()).toBe(true);
    } finally {
      await context.setOffline(false);
    }
    await page.getByRole('button', { name: 'Devolución', exact: true }).and(page.locator(':enabled')).waitFor();
  });

  it('the owner sets the rules in Configuración → Permisos: bad values refused in Spanish, good ones stored', async () => {
    const adminContext = await newContext(browser, DESKTOP);
    try {
      const admin = await adminPage(adminContext, server);
      await admin.goto(`${server.baseUrl}/settings?tab=permisos`);
      const section = admin.getByTestId('return-rules');
      const days = section.getByRole('textbox', { name: 'Días máximos desde la venta' });
      const amount = section.getByRole('textbox', { name: 'Importe máximo por venta sin administrador' });
      await section.getByRole('switch', { name: 'Los vendedores pueden registrar devoluciones', checked: true }).waitFor();
      expect(await days.inputValue()).toBe('30');
      expect(await amount.inputValue()).toBe('50.000');
      await days.fill('treinta');
      await amount.fill('1.50');
      await section.getByRole('button', { name: 'Guardar límites' }).click();
      await section.getByText('Días máximos: debe ser un número entero entre 0 y 3650').waitFor();
      await section.getByText('Usá la coma para los decimales (ej. 1,50) y el punto solo para los miles (ej. 1.500)').waitFor();
      await days.fill('15');
      await amount.fill('25.000,50');
      await section.getByRole('button', { name: 'Guardar límites' }).click();
      await section.getByText('Configuración actualizada', { exact: false }).first().waitFor();
      const stored = async () =>
        ((await server.api('GET', '/configuration?categoria=devoluciones', { token: await server.adminToken() })).body.data as { clave: string; valor: string }[]).map((e) => [e.clave, e.valor]);
      expect(await stored()).toEqual([['dias_maximos', '15'], ['monto_maximo_vendedor', '25000.50'], ['vendedores_pueden_devolver', 'true']]);
      // Controlled by what the server holds: it turns off once the change is saved and read back.
      await section.getByRole('switch', { name: 'Los vendedores pueden registrar devoluciones' }).click();
      await section.getByRole('switch', { name: 'Los vendedores pueden registrar devoluciones', checked: false }).waitFor();
      await expect.poll(stored).toContainEqual(['vendedores_pueden_devolver', 'false']);
      await screenshot(admin, 'return-rules-settings', false);
    } finally {
      for (const [clave, valor] of [['dias_maximos', '30'], ['monto_maximo_vendedor', '50000'], ['vendedores_pueden_devolver', 'true']]) await rule(clave, valor);
      await adminContext.close();
    }
  });
});
