/**
 * axe-core on every staff and public screen (issue #14 item 12), light and dark, at 1024×768, with the
 * screens' dialogs open (product form, import, sale detail, message detail), every Configuración tab, the
 * open menus (user, export, stock) and the sync drawer (issue #38 item 3): 0 critical and 0 serious.
 * With a dialog open axe checks the dialog: the screen under it is covered by the overlay and out of
 * reach (focus is trapped), and it was checked on its own in the step before.
 * The POS and its checkout are covered by a11y-pos.test.ts.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousFindings } from './a11y-helpers';
import { adminPage, createSale, themedContext } from './backoffice-helpers';
import { serverAndBrowser, visit } from './harness';
import { createProduct } from './pos-helpers';

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  const product = await createProduct(server, { name: 'Resma A4 500 hojas', code: 'A11Y-S-1', price: 7200, stock: 2 });
  await createSale(server, { items: [{ productId: product, quantity: 1 }], paymentMethod: 'efectivo', customerName: 'Lucía Gómez' });
  await server.api('POST', '/contact', { body: { name: 'Lucía Gómez', email: 'lucia.gomez@correo-ejemplo.com.ar', message: '¿Tienen resmas A4 en cantidad?' } });
  await server.registerDevice('Mostrador 1');
});

type Step = { name: string; open: (page: Page) => Promise<void> };

const PUBLIC: Step[] = [
  { name: 'landing', open: async (p) => void (await p.goto(`${server.baseUrl}/`), await p.getByRole('button', { name: 'Iniciar Sesión' }).first().waitFor()) },
  { name: 'catálogo', open: async (p) => void (await p.goto(`${server.baseUrl}/catalog`), await p.locator('article').first().waitFor()) },
  { name: 'login', open: async (p) => void (await p.goto(`${server.baseUrl}/login`), await p.getByLabel('Usuario').waitFor()) },
  { name: 'pago aprobado', open: async (p) => void (await p.goto(`${server.baseUrl}/payment/success`), await p.getByRole('button').first().waitFor()) },
  { name: 'pago rechazado', open: async (p) => void (await p.goto(`${server.baseUrl}/payment/failure`), await p.getByRole('button').first().waitFor()) },
  { name: 'pago pendiente', open: async (p) => void (await p.goto(`${server.baseUrl}/payment/pending`), await p.getByRole('button').first().waitFor()) },
];

const heading = (p: Page, name: string) => p.getByRole('heading', { name, exact: true }).first().waitFor();
const closeMenu = async (p: Page) => {
  await p.keyboard.press('Escape');
  await p.getByRole('menu').waitFor({ state: 'detached' });
};
const STAFF: Step[] = [
  { name: 'dashboard', open: async (p) => void (await visit(p, '/dashboard'), await heading(p, 'Dashboard')) },
  { name: 'ventas', open: async (p) => void (await visit(p, '/sales'), await p.getByRole('table', { name: 'Ventas' }).waitFor()) },
  {
    name: 'detalle de venta',
    open: async (p) => {
      await p.getByRole('button', { name: /^Ver venta/ }).first().click();
      await p.getByRole('dialog').getByText('Resma A4 500 hojas').first().waitFor();
    },
  },
  { name: 'facturas', open: async (p) => void (await visit(p, '/invoices'), await heading(p, 'Facturas Emitidas')) },
  { name: 'productos', open: async (p) => void (await visit(p, '/products'), await p.getByText(/Mostrando \d+ producto/).waitFor()) },
  { name: 'nuevo producto', open: async (p) => void (await p.getByRole('button', { name: 'Nuevo Producto' }).click(), await p.getByRole('dialog').waitFor()) },
  {
    name: 'importar',
    open: async (p) => {
      await p.keyboard.press('Escape');
      await p.getByRole('dialog').waitFor({ state: 'hidden' });
      await p.getByRole('button', { name: 'Importar' }).click();
      await p.getByRole('dialog', { name: 'Importar productos' }).waitFor();
    },
  },
  { name: 'reportes', open: async (p) => void (await visit(p, '/reports'), await p.getByTestId('report-total').waitFor()) },
  { name: 'mensajes', open: async (p) => void (await visit(p, '/contact-messages'), await p.getByRole('table', { name: 'Mensajes' }).waitFor()) },
  {
    name: 'detalle de mensaje',
    open: async (p) => {
      await p.getByRole('table', { name: 'Mensajes' }).getByRole('button').first().click();
      await p.getByRole('dialog').getByText('¿Tienen resmas A4 en cantidad?').waitFor();
    },
  },
  { name: 'configuración', open: async (p) => void (await visit(p, '/settings'), await p.getByRole('tab').first().waitFor()) },
  { name: 'perfil', open: async (p) => void (await visit(p, '/profile'), await p.getByRole('heading').first().waitFor()) },
];

/** Issue #38 item 3: the other Configuración tabs, the screens outside those above, the open menus and the sync drawer. */
const STAFF_MORE: Step[] = [
  ...['categorias', 'marcas', 'numeracion', 'facturacion', 'usuarios', 'permisos', 'dispositivos', 'mercadopago', 'copias'].map((tab) => ({
    name: `configuración: ${tab}`,
    open: async (p: Page) => {
      await visit(p, `/settings?tab=${tab}`);
      await p.locator('[role=tabpanel]:visible').first().waitFor();
      await p.waitForLoadState('networkidle');
    },
  })),
  { name: 'clientes', open: async (p) => void (await visit(p, '/customers'), await heading(p, 'Clientes')) },
  { name: 'cajas', open: async (p) => void (await visit(p, '/cash-sessions'), await heading(p, 'Cajas'), await p.waitForLoadState('networkidle')) },
  { name: 'cuentas', open: async (p) => void (await visit(p, '/accounts'), await heading(p, 'Cuentas corrientes'), await p.waitForLoadState('networkidle')) },
  {
    name: 'menú de usuario',
    open: async (p) => {
      await p.getByRole('button', { name: 'Menú de usuario' }).click();
      await p.getByRole('menu').waitFor();
    },
  },
  {
    name: 'exportar ventas',
    open: async (p) => {
      await closeMenu(p);
      await visit(p, '/sales');
      await p.getByRole('button', { name: 'Exportar' }).click();
      await p.getByRole('menu').waitFor();
    },
  },
  {
    name: 'menú de stock',
    open: async (p) => {
      await closeMenu(p);
      await visit(p, '/products');
      await p.getByRole('button', { name: /^Stock de Resma/ }).click();
      await p.getByRole('menu').waitFor();
    },
  },
  {
    name: 'sincronización',
    open: async (p) => {
      await closeMenu(p);
      await p.getByTestId('sync-status').click();
      await p.getByRole('dialog', { name: 'Sincronización' }).waitFor();
    },
  },
];

async function findingsOf(page: Page, steps: Step[], mode: 'light' | 'dark'): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const step of steps) {
    await step.open(page);
    const lines = await seriousFindings(page, (await page.getByRole('dialog').count()) > 0 ? '[role=dialog]' : undefined, mode);
    if (lines.length > 0) found[step.name] = lines;
  }
  return found;
}

describe.each(['light', 'dark'] as const)('accessibility of every screen (%s)', (mode) => {
  it('public screens: 0 critical and 0 serious', async () => {
    const context = await themedContext(browser, mode, { width: 1024, height: 768 });
    expect(await findingsOf(await context.newPage(), PUBLIC, mode)).toEqual({});
    await context.close();
  });

  it('staff screens and their dialogs: 0 critical and 0 serious', async () => {
    const context = await themedContext(browser, mode, { width: 1024, height: 768 });
    expect(await findingsOf(await adminPage(context, server), STAFF, mode)).toEqual({});
    await context.close();
  }, 180_000);

  it('Configuración tabs, customers and cash screens, the open menus and the sync drawer: 0 critical and 0 serious', async () => {
    const context = await themedContext(browser, mode, { width: 1024, height: 768 });
    expect(await findingsOf(await adminPage(context, server), STAFF_MORE, mode)).toEqual({});
    await context.close();
  }, 180_000);
});

describe('keyboard and titles (issue #38 items 3 and 4)', () => {
  it('the first Tab reaches «Saltar al contenido», which moves the focus past the bars; a focused text field shows a 2 px ring; each screen has its own title', async () => {
    const context = await themedContext(browser, 'light', { width: 1024, height: 768 });
    const page = await adminPage(context, server);
    await visit(page, '/products');
    await page.getByText(/Mostrando \d+ producto/).waitFor();
    expect(await page.title()).toBe('Productos · Mostrador');

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Saltar al contenido' });
    expect(await skip.evaluate((link) => link === document.activeElement && link.getBoundingClientRect().top >= 0)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contenido');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#contenido')))).toBe(true);
    expect(page.url()).toBe(`${server.baseUrl}/products`);

    const search = page.getByRole('textbox').first();
    const ring = () => search.evaluate((input) => `${getComputedStyle(input).outlineStyle} ${getComputedStyle(input).outlineWidth}`);
    expect(await ring()).not.toBe('solid 2px');
    await search.focus();
    expect(await ring()).toBe('solid 2px');

    await visit(page, '/sales');
    await page.getByRole('table', { name: 'Ventas' }).waitFor();
    expect(await page.title()).toBe('Ventas · Mostrador');
    await context.close();
  });
});
