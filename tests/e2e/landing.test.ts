/** Landing page `/` in real Chromium against the real server: bar, hero, contact links, contact form. */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, newContext, PHONE, screenshot, serverAndBrowser } from './harness';

let context: BrowserContext;
let page: Page;

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  context = await newContext(browser, DESKTOP);
  page = await context.newPage();
});

describe('landing', () => {
  it('shows the business name, the hero and the contact links built from the business info', async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'TecnoPunto Accesorios' }).waitFor();
    expect(await page.getByText('Los mejores productos y accesorios de tecnología').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '+54 9 11 5555-1234' }).first().getAttribute('href')).toBe('tel:+54 9 11 5555-1234');
    expect(await page.getByRole('link', { name: 'ventas@tecnopunto.com.ar' }).first().getAttribute('href')).toBe('mailto:ventas@tecnopunto.com.ar');
    expect(await page.getByRole('link', { name: 'Escribinos por WhatsApp' }).getAttribute('href')).toBe('https://wa.me/5491155551234');
    const footer = await page.locator('footer').innerText();
    expect(footer).toContain('Av. Corrientes 1234');
    expect(footer).toContain(`© ${new Date().getFullYear()} TecnoPunto Accesorios`);
    await screenshot(page, 'landing-desktop-light');
    await page.getByTitle('Modo Oscuro').click();
    await page.getByTitle('Modo Claro').waitFor();
    await screenshot(page, 'landing-desktop-dark');
    await page.getByTitle('Modo Claro').click();

    await page.getByRole('button', { name: 'Contactanos' }).click();
    await page.waitForFunction(() => Math.abs(document.getElementById('contacto')!.getBoundingClientRect().top) < 120);
    await page.getByRole('button', { name: 'Catálogo', exact: true }).click();
    await page.waitForURL('**/catalog');
  });

  it('warns about a short message, stores a valid one on the server and hides the thanks after 5 s', async () => {
    await page.goto(`${server.baseUrl}/`);
    const form = page.locator('form');
    await form.getByLabel('Nombre').fill('Lucía Fernández');
    await form.getByLabel('Email').fill('lucia@example.com');
    await form.getByLabel('Teléfono').fill('11 4444-5555');
    await form.getByLabel('Asunto').fill('Horarios');
    // Long enough for the browser's minlength, but under 10 characters once trimmed.
    await form.getByLabel('Mensaje').fill('   ¿Abren?          ');
    await form.getByRole('button', { name: 'Enviar Mensaje' }).click();
    await page.getByText('El mensaje debe tener al menos 10 caracteres').waitFor();

    const text = '¿Abren los domingos? Quiero pasar a ver auriculares.';
    await form.getByLabel('Mensaje').fill(text);
    expect(await form.getByText(`${text.length}/5000 caracteres`).isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Enviar Mensaje' }).click();
    const thanks = page.getByText('¡Gracias por tu consulta! Te contactaremos pronto.');
    await thanks.waitFor();
    expect(await page.getByText('El mensaje debe tener al menos 10 caracteres').count()).toBe(0);
    expect(await form.getByLabel('Nombre').inputValue()).toBe('');
    expect(await form.getByLabel('Mensaje').inputValue()).toBe('');

    const inbox = await server.api('GET', '/contact/list', { token: await server.adminToken() });
    const stored = inbox.body.data.find((m: { message: string }) => m.message === text);
    expect(stored).toMatchObject({ name: 'Lucía Fernández', email: 'lucia@example.com', phone: '11 4444-5555', subject: 'Horarios' });

    await thanks.waitFor({ state: 'detached', timeout: 8000 });
  });

  it('keeps a sending error on screen', async () => {
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
    await page.goto(`${server.baseUrl}/`);
    const form = page.locator('form');
    await form.getByLabel('Nombre').fill('Sin Red');
    await form.getByLabel('Email').fill('sinred@example.com');
    await form.getByLabel('Mensaje').fill('Consulta que no llega al servidor');
    await form.getByRole('button', { name: 'Enviar Mensaje' }).click();
    await page.getByText('Error al enviar el mensaje. Por favor, intenta nuevamente.').waitFor();
    expect(await form.getByLabel('Nombre').inputValue()).toBe('Sin Red');
    await page.unroute('**/api/contact');
  });

  it('puts the links in a hamburger drawer on a phone', async () => {
    const phone = await newContext(browser, PHONE);
    const phonePage = await phone.newPage();
    await phonePage.goto(`${server.baseUrl}/`);
    await phonePage.getByRole('heading', { level: 1, name: 'TecnoPunto Accesorios' }).waitFor();
    expect(await phonePage.getByRole('button', { name: 'Iniciar Sesión' }).isVisible()).toBe(false);
    await screenshot(phonePage, 'landing-phone-light');
    await phonePage.getByTitle('Modo Oscuro').click();
    await screenshot(phonePage, 'landing-phone-dark');
    await phonePage.getByRole('button', { name: 'Abrir menú' }).click();
    const drawer = phonePage.getByRole('dialog');
    for (const label of ['Inicio', 'Catálogo', 'Contacto', 'Iniciar Sesión']) await drawer.getByText(label, { exact: true }).waitFor();
    await screenshot(phonePage, 'landing-phone-drawer', false);
    await drawer.getByText('Iniciar Sesión', { exact: true }).click();
    await phonePage.waitForURL('**/login');
    await phone.close();
  });
});
