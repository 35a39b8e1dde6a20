/**
 * Public catalogue `/catalog` in real Chromium against the real server (demo catalogue of 44 products
 * plus one created here with an uploaded image): search, category, paging, viewer, enquiry, WhatsApp.
 */
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, newContext, PHONE, screenshot, serverAndBrowser } from './harness';

const PRODUCT = 'Cámara de seguridad Wi-Fi 360°';
let context: BrowserContext;
let page: Page;
let productId: number;
let totalProducts: number;

async function createProductWithImage(): Promise<number> {
  const token = await server.adminToken();
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1976d2' } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'camara.png');
  const upload = await server.api('POST', '/upload', { token, form });
  expect(upload.body.success).toBe(true);
  const categories = await server.api('GET', '/categories/public');
  const camaras = categories.body.data.find((c: { name: string }) => c.name === 'Cámaras y Video');
  const created = await server.api('POST', '/products', {
    token,
    body: { code: 'CAM-360', name: PRODUCT, price: 123456.78, stock: 3, categoryId: camaras.id, image: upload.body.data.url },
  });
  expect(created.body.success).toBe(true);
  const plain = await server.api('POST', '/products', { token, body: { name: 'Funda de neopreno sin foto', price: 8999, stock: 4 } });
  expect(plain.body.success).toBe(true);
  return created.body.data.id as number;
}

const countLine = () => page.getByText(/producto\(s\) encontrado\(s\)/);
const cardNames = () => page.locator('article h3').allInnerTexts();
/** The grid's top sits just under the sticky bar (the window scrolled to it, not to the page's top). */
const gridInView = () =>
  page.waitForFunction(() => {
    const top = document.querySelector('[data-catalog-grid]')!.getBoundingClientRect().top;
    return window.scrollY > 0 && Math.abs(top - 80) < 2;
  });

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  productId = await createProductWithImage();
  totalProducts = (await server.api('GET', '/products/catalog?limit=1')).body.pagination.totalItems;
  context = await newContext(browser, DESKTOP);
  page = await context.newPage();
  await page.goto(`${server.baseUrl}/catalog`);
  await page.getByText(`Mostrando 20 de ${totalProducts} productos`).waitFor();
});

describe('catalogue', () => {
  it('lists 20 products per page with es-AR prices, stock chips and first/last paging', async () => {
    expect(totalProducts).toBeGreaterThan(40);
    await page.getByRole('heading', { name: 'Nuestro Catálogo' }).waitFor();
    expect(await page.getByText('Explora nuestra selección de productos').isVisible()).toBe(true);
    expect(await page.locator('article').count()).toBe(20);
    await screenshot(page, 'catalog-desktop-light');

    await page.getByRole('button', { name: 'Última página' }).click();
    const lastCount = totalProducts - 40;
    await page.getByText(`Mostrando ${lastCount} de ${totalProducts} productos`).waitFor();
    await gridInView();
    await page.getByRole('button', { name: 'Primera página' }).click();
    await page.getByText(`Mostrando 20 de ${totalProducts} productos`).waitFor();
  });

  it('keeps the cards while the next page loads (dimmed, with a hint) and brings the grid, not the page top, into view', async () => {
    const firstPage = await cardNames();
    // Count the cards on every change of the page from before the click until page 2 is in.
    await page.evaluate(() => {
      const w = window as unknown as { fewestCards: number; cardsObserver: MutationObserver };
      w.fewestCards = document.querySelectorAll('article').length;
      w.cardsObserver = new MutationObserver(() => (w.fewestCards = Math.min(w.fewestCards, document.querySelectorAll('article').length)));
      w.cardsObserver.observe(document.body, { childList: true, subtree: true });
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const pageTwo = (url: URL) => url.pathname === '/api/products/catalog' && url.searchParams.get('page') === '2';
    await page.route(pageTwo, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await page.getByText('Cargando página 2...').waitFor();
    // While the answer is held back: the first page's cards stay, dimmed, the grid is busy.
    expect(await cardNames()).toEqual(firstPage);
    expect(await page.locator('[data-catalog-grid]').getAttribute('aria-busy')).toBe('true');
    await gridInView();
    release();
    await page.getByText('Cargando página 2...').waitFor({ state: 'detached' });
    await page.unroute(pageTwo);
    await page.getByText(`Mostrando 20 de ${totalProducts} productos`).waitFor();
    expect(await cardNames()).not.toEqual(firstPage);
    expect(await page.locator('[data-catalog-grid]').getAttribute('aria-busy')).toBe('false');
    expect(await page.evaluate(() => (window as unknown as { fewestCards: number }).fewestCards)).toBe(20);
    await page.evaluate(() => (window as unknown as { cardsObserver: MutationObserver }).cardsObserver.disconnect());

    // With the grid's top in view (page at its top), a page change leaves the page where it is. The click is
    // dispatched: a real click first scrolls the pagination (below the fold) into view.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Primera página' }).dispatchEvent('click');
    await expect.poll(cardNames).toEqual(firstPage);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('searches with accents (debounced), shows the count line and clears the filters', async () => {
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await page.getByText(`Mostrando 20 de ${totalProducts} productos`).waitFor();
    const expected = (await server.api('GET', `/products/catalog?search=${encodeURIComponent('camara')}`)).body.pagination.totalItems as number;
    await page.getByPlaceholder('Buscar productos...').fill('  camara ');
    // The count line shows only once the search's own results are in (never the previous list's count).
    await page.getByText(`${expected} producto(s) encontrado(s)`).waitFor();
    const names = await cardNames();
    expect(names).toContain('Cámara web Full HD 1080p');
    expect(names).toContain(PRODUCT);
    expect(names.length).toBe(expected);
    await page.getByPlaceholder('Buscar productos...').fill('cámara');
    await page.getByText('Buscando...').waitFor({ state: 'detached' });
    expect(await countLine().innerText()).toBe(`${expected} producto(s) encontrado(s)`);
    expect((await cardNames()).sort()).toEqual([...names].sort());
    // The page went back to 1 and the pagination is gone (a single page of results).
    expect(await page.getByRole('button', { name: 'Última página' }).count()).toBe(0);

    await page.getByPlaceholder('Buscar productos...').fill('micrófono usb');
    await page.locator('article', { hasText: 'Micrófono USB para streaming' }).getByText('Sin stock').waitFor();

    await page.getByPlaceholder('Buscar productos...').fill('zzzz inexistente');
    await page.getByText('No se encontraron productos con esos filtros').waitFor();
    await page.getByRole('button', { name: 'Limpiar filtros' }).first().click();
    await page.getByText(`Mostrando 20 de ${totalProducts} productos`).waitFor();
    expect(await countLine().count()).toBe(0);
  });

  it('filters by category', async () => {
    await page.getByLabel('Categoría').selectOption({ label: 'Redes' });
    await page.getByText('3 producto(s) encontrado(s)').waitFor();
    expect((await cardNames()).sort()).toEqual(['Adaptador Wi-Fi USB nano', 'Repetidor Wi-Fi 300 Mbps', 'Router Wi-Fi doble banda AC1200']);
    expect(await page.locator('article', { hasText: 'Repetidor Wi-Fi 300 Mbps' }).getByText('$ 32.999,00').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await page.getByText(`Mostrando 20 de ${totalProducts} productos`).waitFor();
    expect(await page.getByLabel('Categoría').inputValue()).toBe('');
  });

  it('opens the image viewer with the name as caption; products without image have no viewer', async () => {
    const expected = (await server.api('GET', '/products/catalog?search=seguridad')).body.pagination.totalItems as number;
    await page.getByPlaceholder('Buscar productos...').fill('seguridad');
    // Click once the search's own page is in: a card of the list before it may be replaced under the tap.
    await page.getByText(`${expected} producto(s) encontrado(s)`).waitFor();
    const card = page.locator('article', { hasText: PRODUCT });
    await card.waitFor();
    await card.getByText('$ 123.456,78').waitFor();
    await card.getByText('Stock: 3').waitFor();
    await card.getByRole('button', { name: `Ver imagen de ${PRODUCT}` }).click();
    const viewer = page.getByRole('dialog');
    expect(await viewer.locator('figcaption').innerText()).toBe(PRODUCT);
    expect(await viewer.getByRole('img', { name: PRODUCT }).getAttribute('src')).toMatch(/^\/uploads\/.+/);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    await page.getByPlaceholder('Buscar productos...').fill('neopreno');
    const plain = page.locator('article', { hasText: 'Funda de neopreno sin foto' });
    await plain.getByRole('img', { name: 'Sin imagen' }).waitFor();
    expect(await plain.getByRole('button', { name: /Ver imagen/ }).count()).toBe(0);
  });

  it('sends an enquiry that reaches the inbox with its product, and links to WhatsApp', async () => {
    await page.getByPlaceholder('Buscar productos...').fill('seguridad');
    await page.locator('article', { hasText: PRODUCT }).getByRole('button', { name: 'Consultar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Consultar Producto').waitFor();

    const href = (await dialog.getByRole('link', { name: 'Consultar por WhatsApp' }).getAttribute('href'))!;
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://wa.me/5491155551234');
    expect(url.searchParams.get('text')).toContain(PRODUCT);
    expect(url.searchParams.get('text')).toContain('$ 123.456,78');
    expect(await dialog.getByText('o envianos un email').isVisible()).toBe(true);
    expect(await dialog.getByLabel('Asunto (opcional)').inputValue()).toBe(`Consulta sobre: ${PRODUCT}`);
    const greeting = await dialog.getByLabel('Mensaje').inputValue();
    expect(greeting).toContain(PRODUCT);
    expect(await dialog.getByText(`${greeting.length}/5000 caracteres`).isVisible()).toBe(true);
    await screenshot(page, 'catalog-enquiry-desktop', false);

    await dialog.getByLabel('Nombre').fill('Martín Gómez');
    await dialog.getByLabel('Email').fill('martin@example.com');
    await dialog.getByLabel('Teléfono (opcional)').fill('11 2222-3333');
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
    await dialog.getByRole('button', { name: 'Enviar Consulta' }).click();
    await dialog.getByText('Error al enviar el mensaje. Por favor, intenta nuevamente.').waitFor();
    await page.unroute('**/api/contact');
    // The error can be closed; what the visitor typed stays.
    await dialog.getByRole('alert').getByRole('button', { name: 'Cerrar aviso' }).click();
    await dialog.getByRole('alert').waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Nombre').inputValue()).toBe('Martín Gómez');
    expect(await dialog.getByLabel('Mensaje').inputValue()).toBe(greeting);

    // A server error (500) shows the server's Spanish message, which closes the same way.
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'No pudimos guardar tu consulta.' }) }),
    );
    await dialog.getByRole('button', { name: 'Enviar Consulta' }).click();
    const alert = dialog.getByRole('alert');
    await alert.getByText('No pudimos guardar tu consulta.').waitFor();
    await page.unroute('**/api/contact');
    await alert.getByRole('button', { name: 'Cerrar aviso' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Email').inputValue()).toBe('martin@example.com');
    expect(await dialog.getByLabel('Teléfono (opcional)').inputValue()).toBe('11 2222-3333');
    expect(await dialog.getByLabel('Asunto (opcional)').inputValue()).toBe(`Consulta sobre: ${PRODUCT}`);
    expect(await dialog.getByLabel('Mensaje').inputValue()).toBe(greeting);

    await dialog.getByRole('button', { name: 'Enviar Consulta' }).click();
    await dialog.getByText('¡Gracias por tu consulta! Te contactaremos pronto.').waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 5000 });

    const inbox = await server.api('GET', '/contact/list', { token: await server.adminToken() });
    const enquiry = inbox.body.data.find((m: { email: string }) => m.email === 'martin@example.com');
    expect(enquiry).toMatchObject({ name: 'Martín Gómez', productId, subject: `Consulta sobre: ${PRODUCT}`, phone: '11 2222-3333' });
    expect(enquiry.product).toMatchObject({ id: productId, name: PRODUCT });
    expect(inbox.body.data.filter((m: { email: string }) => m.email === 'martin@example.com')).toHaveLength(1);
  });

  it('shows the enquiry dialog\'s Cancelar and Enviar Consulta without scrolling at 1024×768 and 768×1024', async () => {
    for (const viewport of [
      { width: 1024, height: 768 },
      { width: 768, height: 1024 },
    ]) {
      const small = await newContext(browser, viewport);
      const smallPage = await small.newPage();
      await smallPage.goto(`${server.baseUrl}/catalog`);
      await smallPage.getByText(`Mostrando 20 de ${totalProducts} productos`).waitFor();
      await smallPage.locator('article').first().getByRole('button', { name: 'Consultar' }).click();
      const dialog = smallPage.getByRole('dialog');
      await dialog.getByLabel('Mensaje').waitFor();
      for (const name of ['Cancelar', 'Enviar Consulta']) {
        const button = dialog.getByRole('button', { name });
        const box = (await button.boundingBox())!;
        expect(box.y, `${name} at ${viewport.width}×${viewport.height}`).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, `${name} at ${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(viewport.height);
        // Nothing covers it: the point at its centre belongs to the button.
        const hit = await button.evaluate((el, [x, y]) => el.contains(document.elementFromPoint(x, y)), [box.x + box.width / 2, box.y + box.height / 2]);
        expect(hit, `${name} uncovered at ${viewport.width}×${viewport.height}`).toBe(true);
      }
      await screenshot(smallPage, `catalog-enquiry-${viewport.width}x${viewport.height}`, false);
      await small.close();
    }
  });

  it('switches to the dark theme and fits a phone', async () => {
    await page.getByPlaceholder('Buscar productos...').fill('');
    await page.getByText(`Mostrando 20 de ${totalProducts} productos`).waitFor();
    await page.getByTitle('Modo Oscuro').click();
    expect(await page.evaluate(() => document.body.dataset.theme)).toBe('dark');
    await page.getByTitle('Modo Claro').waitFor();
    await screenshot(page, 'catalog-desktop-dark');
    // Cards are the theme's paper (#1e1e1e), and beside each photo (contained in its box) that same colour shows.
    const colours = await page.evaluate(() => {
      const card = document.querySelector('article')!;
      const img = card.querySelector('img')!;
      let el: Element | null = img;
      while (el && getComputedStyle(el).backgroundColor === 'rgba(0, 0, 0, 0)') el = el.parentElement;
      return { card: getComputedStyle(card).backgroundColor, besidePhoto: el === card, fit: getComputedStyle(img).objectFit };
    });
    expect(colours).toEqual({ card: 'rgb(30, 30, 30)', besidePhoto: true, fit: 'contain' });

    const phone = await newContext(browser, PHONE);
    const phonePage = await phone.newPage();
    await phonePage.goto(`${server.baseUrl}/catalog`);
    await phonePage.getByText(`Mostrando 20 de ${totalProducts} productos`).waitFor();
    await screenshot(phonePage, 'catalog-phone-light');
    await phonePage.getByRole('button', { name: 'Abrir menú' }).click();
    await phonePage.getByRole('dialog').getByText('Inicio', { exact: true }).waitFor();
    await phonePage.keyboard.press('Escape');
    await phonePage.getByTitle('Modo Oscuro').click();
    await screenshot(phonePage, 'catalog-phone-dark');
    await phone.close();
  });
});
