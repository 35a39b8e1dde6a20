/**
 * The monotributo tracker in real Chromium (issue #37.4): the server (demo data, its ARCA simulator: a monotributo
 * issuer) issues two Facturas C; the admin chooses the category and edits a cap in Configuración → Facturación
 * electrónica (a cap below the previous one is refused in Spanish), and the dashboard's card shows the 12-month
 * total against that category with the 80 % warning, the next category and the recategorisations.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { adminPage, createSale, money, waitForText, type ApiProduct } from './backoffice-helpers';
import { DESKTOP, newContext, screenshot, serverAndBrowser } from './harness';

const { server, browser } = await serverAndBrowser();
afterAll(async () => {
  await browser.close();
  await server.close();
});

describe('monotributo tracker', () => {
  it('edits a cap and the category in settings, and the dashboard card warns at 80 %', async () => {
    const token = await server.adminToken();
    const products = ((await server.api('GET', '/products?limit=10000&active=true', { token })).body.data as ApiProduct[]).filter((p) => p.stock >= 10);
    let totalCents = 0;
    for (const product of products.slice(0, 2)) {
      const sale = await createSale(server, { items: [{ productId: product.id, quantity: 1 }], paymentMethod: 'efectivo' });
      const res = await server.api('POST', `/invoices/generate-for-sale/${sale.id}`, { token, body: { tipo_comprobante: 11 } });
      expect(res.status, res.body.message).toBe(201);
      expect(res.body.data.status).toBe('autorizada');
      totalCents += Math.round(res.body.data.total * 100);
    }
    const capCents = Math.round(totalCents / 0.85);
    const capText = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(capCents / 100);

    const page = await adminPage(await newContext(browser, DESKTOP), server);
    await page.goto(`${server.baseUrl}/settings?tab=facturacion`);
    const form = page.getByRole('form', { name: 'Monotributo' });
    const capA = form.getByLabel('Tope de la categoría A');
    await capA.waitFor();
    expect(await capA.inputValue()).toBe('10.277.988,13');
    // A cap below the one before it is refused, in Spanish, before anything is saved.
    await form.getByLabel('Tope de la categoría B').fill('5.000');
    await form.getByRole('button', { name: 'Guardar tabla del monotributo' }).click();
    await form.getByText('Tope de la fila 2: el tope de B debe ser mayor que el de A').waitFor();
    await form.getByLabel('Tope de la categoría B').fill('15.058.447,71');

    await capA.fill(capText);
    await form.getByRole('combobox', { name: 'Categoría del comercio' }).click();
    await page.getByRole('option', { name: 'Categoría A', exact: true }).click();
    await form.getByRole('button', { name: 'Guardar tabla del monotributo' }).click();
    await form.getByText('Tabla del monotributo guardada').waitFor();
    const saved = (await server.api('GET', '/accounting/monotributo/settings', { token })).body.data;
    expect(saved.category).toBe('A');
    expect(saved.categories[0]).toEqual({ category: 'A', cap: capCents / 100 });

    await page.goto(`${server.baseUrl}/dashboard`);
    const card = page.getByRole('group', { name: 'Monotributo' });
    await waitForText(card.getByTestId('monotributo-total'), money(totalCents / 100));
    const percent = Math.floor((totalCents * 1000) / capCents) / 10;
    await waitForText(card.getByTestId('monotributo-percent'), `${new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 }).format(percent)} %`);
    const warning = card.getByRole('alert').filter({ hasText: 'Llegaste al 80 % del tope de la categoría A' });
    await warning.waitFor();
    // What is left, in the app's money format (the same `$ 1.234,56` as every amount on screen).
    expect(await warning.textContent()).toContain(`Te quedan ${money((capCents - totalCents) / 100)} hasta el tope.`);
    const text = (await card.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Categoría siguiente B');
    expect(text).toMatch(/Próximas recategorizaciones: (enero|julio) \d{4} \(hasta el 05\/(02|08)\/\d{4}/);
    expect(text).toContain('Vigente desde el 01/02/2026');
    await screenshot(page, 'monotributo-card');
  });
});
