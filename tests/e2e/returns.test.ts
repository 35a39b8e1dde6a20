/**
 * "Devolución" in real Chromium against the real server (its in-process ARCA simulator, Factura C): an
 * invoiced sale's detail → Devolución → one unit of one line → the exact refund → confirmation → the
 * return is recorded, the stock of only that product is back, and the sale detail shows the partial
 * Nota de Crédito C with the server's CAE and the invoice it credits; printed like the invoice, it says
 * "Comprobante asociado: Factura C …". Returning more than is left is impossible from the dialog.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceJson } from '../../domain/schemas/invoices';
import type { SaleReturnsJson } from '../../domain/schemas/returns';
import type { SaleJson } from '../../domain/schemas/sales';
import { adminPage, createSale, layoutProblems, money, themedContext, type ApiProduct } from './backoffice-helpers';
import { DESKTOP, newContext, screenshot, serverAndBrowser } from './harness';
import { pdfText } from './pdf-helpers';

let context: BrowserContext;
let page: Page;
let products: ApiProduct[];

const detail = () => page.getByRole('dialog', { name: /^Detalle de Venta/ });
const returnDialog = () => page.getByRole('dialog', { name: /^Devolución - / });

async function stockOf(productId: number): Promise<number> {
  const res = await server.api('GET', `/products/${productId}`, { token: await server.adminToken() });
  return res.body.data.stock as number;
}

/** Stubs the print dialog, prints in A4 from `scope` and returns the PDF Chromium makes of the printout. */
async function printedPdf(scope: Locator): Promise<Buffer> {
  await page.evaluate(() => {
    document.body.removeAttribute('data-printed');
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await scope.getByText('Hoja A4', { exact: true }).click();
  await scope.getByRole('button', { name: 'Imprimir' }).click();
  await page.waitForFunction(() => document.body.getAttribute('data-printed') === 'yes');
  await page.getByTestId('invoice-print').locator('img').waitFor({ state: 'attached' });
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  return pdf;
}

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  const token = await server.adminToken();
  products = ((await server.api('GET', '/products?limit=10000&active=true', { token })).body.data as ApiProduct[]).filter((p) => p.stock >= 10);
  context = await newContext(browser, DESKTOP);
  page = await adminPage(context, server);
});

describe('Devolución from the sale detail', () => {
  it('returns one unit of an invoiced sale: restock of that product only, partial credit note shown and printed', async () => {
    const token = await server.adminToken();
    const [a, b] = products;
    const sale = await createSale(server, { items: [{ productId: a.id, quantity: 2 }, { productId: b.id, quantity: 1 }], paymentMethod: 'efectivo' });
    const inv = await server.api('POST', `/invoices/generate-for-sale/${sale.id}`, { token, body: { tipo_comprobante: 11 } });
    expect(inv.status, inv.body.message).toBe(201);
    const invoice = inv.body.data as InvoiceJson;
    const before = { a: await stockOf(a.id), b: await stockOf(b.id) };

    await page.goto(`${server.baseUrl}/sales`);
    await page.getByRole('button', { name: `Ver venta ${sale.saleNumber}` }).click();
    await detail().getByTestId('invoice-summary').waitFor();
    await detail().getByRole('button', { name: 'Devolución' }).click();

    const dialog = returnDialog();
    await dialog.waitFor();
    const stored = (await server.api('GET', `/sales/${sale.id}`, { token })).body.data as SaleJson;
    const lineA = stored.items.find((i) => i.productId === a.id)!;
    const plus = dialog.getByRole('button', { name: `Una más de ${lineA.productName}` });
    expect(await dialog.getByRole('button', { name: 'Registrar devolución' }).isDisabled()).toBe(true);
    await plus.click();
    await plus.click();
    // Never more than sold: the + stops at the 2 units of the line.
    expect(await plus.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: `Una menos de ${lineA.productName}` }).click();
    expect(await dialog.getByTestId(`return-qty-${lineA.id}`).innerText()).toBe('1');
    expect(await dialog.getByTestId('return-refund').innerText()).toBe(money(lineA.unitPrice));
    await dialog.getByRole('textbox', { name: 'Motivo (opcional)' }).fill('No le quedó bien');
    await screenshot(page, 'return-dialog', false);
    await dialog.getByRole('button', { name: 'Registrar devolución' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirmar' });
    await confirm.getByText(`¿Confirmás la devolución de 1 unidad por ${money(lineA.unitPrice)}? El stock se devolverá y se emitirá una nota de crédito.`).waitFor();
    await confirm.getByRole('button', { name: 'Confirmar devolución' }).click();

    await detail().getByText('Devolución registrada. El stock fue devuelto y se emitió la nota de crédito.').waitFor({ timeout: 30_000 });
    expect(await returnDialog().count()).toBe(0);
    const { returns } = (await server.api('GET', `/sales/${sale.id}/returns`, { token })).body.data as SaleReturnsJson;
    expect(returns).toHaveLength(1);
    const note = returns[0].creditNote!;
    expect(note).toMatchObject({ status: 'autorizada', typeLabel: 'Nota de Crédito C', total: lineA.unitPrice });
    expect(await stockOf(a.id)).toBe(before.a + 1);
    expect(await stockOf(b.id)).toBe(before.b);

    await detail().getByText('Devueltas: 1').waitFor();
    await detail().getByText('Total neto').waitFor();
    const card = detail().getByTestId('sale-return');
    await card.getByText('Nota de Crédito C autorizada').waitFor();
    expect(await card.getByTestId('invoice-cae').innerText()).toBe(note.cae);
    expect(await card.getByTestId('invoice-associated').innerText()).toBe(`Factura C ${invoice.invoiceNumber}`);
    await card.getByText('Motivo: No le quedó bien', { exact: false }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'return-credit-note', false);

    const text = pdfText(await printedPdf(card));
    expect(text).toContain('NOTA DE CRÉDITO C');
    expect(text).toContain(`Comprobante asociado: Factura C ${invoice.invoiceNumber}`);
    expect(text).toContain(`CAE N°: ${note.cae}`);
    expect(text).toContain(lineA.productName);
    expect(text).not.toContain(b.name);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`768×1024 ${theme}: the Devolución dialog and the credit note fit, with 44 px controls`, async () => {
      const token = await server.adminToken();
      const [, , c] = products;
      const sale = await createSale(server, { items: [{ productId: c.id, quantity: 2 }], paymentMethod: 'tarjeta' });
      expect((await server.api('POST', `/invoices/generate-for-sale/${sale.id}`, { token, body: {} })).body.data?.status).toBe('autorizada');
      const stored = (await server.api('GET', `/sales/${sale.id}`, { token })).body.data as SaleJson;
      const ret = await server.api('POST', `/sales/${sale.id}/returns`, { token, body: { items: [{ saleItemId: stored.items[0].id, quantity: 1 }] } });
      expect(ret.status, ret.body.message).toBe(201);
      const themed = await themedContext(browser, theme, { width: 768, height: 1024 });
      const tablet = await adminPage(themed, server);
      const check = async (name: string) => {
        await tablet.evaluate(() => document.fonts.ready);
        await screenshot(tablet, `returns-${name}-768x1024-${theme}`, false);
        expect(await layoutProblems(tablet), name).toEqual({ overflow: false, scrolledTables: [], small: [] });
      };
      await tablet.goto(`${server.baseUrl}/sales`);
      await tablet.getByRole('button', { name: `Ver venta ${sale.saleNumber}` }).click();
      const card = tablet.getByTestId('sale-return');
      await card.getByText('Nota de Crédito C autorizada').waitFor();
      await card.scrollIntoViewIfNeeded();
      await check('credit-note');
      await tablet.getByRole('dialog', { name: /^Detalle de Venta/ }).getByRole('button', { name: 'Devolución' }).click();
      await tablet.getByRole('dialog', { name: /^Devolución - / }).getByText('Ya devueltas: 1').waitFor();
      await check('dialog');
      await themed.close();
    });
  }
});
