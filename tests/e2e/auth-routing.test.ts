/**
 * Login, session, route guard, staff layout, profile and theme persistence in real Chromium against the
 * real server.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DESKTOP, loginThroughForm, newContext, PHONE, screenshot, SELLER_PASSWORD, serverAndBrowser } from './harness';

const { server, browser } = await serverAndBrowser();
const seller = await server.createSeller('vera');

async function freshPage(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport);
  return { context, page: await context.newPage() };
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('login', () => {
  it('shows the server message on failure and enters the dashboard on success', async () => {
    const { context, page } = await freshPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('heading', { name: 'TecnoPunto Accesorios' }).waitFor();
    expect(await page.getByText('Sistema de Punto de Venta v1.0').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');
    await screenshot(page, 'login-desktop-light');

    await page.getByLabel('Usuario').fill('admin');
    await page.getByLabel('Contraseña').fill('clave-equivocada');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.getByRole('alert').getByText('Usuario o contraseña incorrectos').waitFor();
    expect(pathOf(page)).toBe('/login');

    await page.getByLabel('Contraseña').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();
    expect(await page.getByText('Sistema POS', { exact: true }).isVisible()).toBe(true);
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    const labels = await nav.getByRole('link').allInnerTexts();
    expect(labels).toEqual(['Dashboard', 'Punto de Venta', 'Productos', 'Ventas', 'Facturas', 'Clientes', 'Cajas', 'Reportes', 'Mensajes', 'Configuración']);
    expect(await page.evaluate(() => Boolean(localStorage.getItem('token') && localStorage.getItem('user')))).toBe(true);

    // /categories and /brands lead an admin to the settings screen.
    await page.goto(`${server.baseUrl}/categories`);
    await page.getByRole('heading', { name: 'Configuración', level: 2 }).waitFor();
    expect(pathOf(page)).toBe('/settings');
    await page.goto(`${server.baseUrl}/brands`);
    await page.waitForURL('**/settings');
    await nav.getByRole('link', { name: 'Ventas' }).click();
    await page.getByRole('heading', { name: 'Historial de Ventas' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Ventas' }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
    await context.close();
  });

  it('fits a phone', async () => {
    const { context, page } = await freshPage(PHONE);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
    await screenshot(page, 'login-phone-light');
    await page.getByRole('button', { name: 'Volver al Inicio' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('route guard', () => {
  it('sends anonymous visitors to /login and unknown paths to /', async () => {
    const { context, page } = await freshPage();
    for (const path of ['/dashboard', '/pos', '/sales', '/invoices', '/profile', '/products', '/settings', '/categories']) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.waitForURL('**/login');
    }
    for (const path of ['/no-existe', '/ventas', '/catalogo']) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: 'TecnoPunto Accesorios' }).waitFor();
      expect(pathOf(page)).toBe('/');
    }
    await context.close();
  });

  it('keeps a vendedor out of admin screens and menu entries', async () => {
    const { context, page } = await freshPage({ width: 768, height: 1024 });
    await loginThroughForm(page, server.baseUrl, seller, SELLER_PASSWORD);
    for (const path of ['/products', '/contact-messages', '/settings', '/brands']) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.waitForURL('**/dashboard');
    }
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Dashboard', 'Punto de Venta', 'Ventas', 'Facturas', 'Clientes']);
    await nav.getByRole('link', { name: 'Punto de Venta' }).click();
    await page.getByRole('heading', { name: 'Punto de Venta', level: 2 }).waitFor();
    await screenshot(page, 'staff-tablet-portrait-light');
    await context.close();
  });

  it('ends a session the server no longer accepts', async () => {
    const { context, page } = await freshPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.evaluate(() => {
      localStorage.setItem('token', 'token-vencido');
      localStorage.setItem('user', JSON.stringify({ id: 1, username: 'admin', fullName: 'Administrador', email: null, role: 'admin', active: true }));
    });
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
    await context.close();
  });
});

describe('profile', () => {
  it('changes the password with the spec messages', async () => {
    const username = await server.createSeller('pablo');
    const { context, page } = await freshPage();
    await loginThroughForm(page, server.baseUrl, username, SELLER_PASSWORD);
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Mi Perfil' }).click();
    await page.getByRole('heading', { name: 'Mi Perfil' }).waitFor();

    const fill = async (current: string, next: string, confirm: string) => {
      await page.getByLabel('Contraseña actual').fill(current);
      await page.getByLabel(/^Nueva contraseña/).fill(next);
      await page.getByLabel('Confirmar nueva contraseña').fill(confirm);
      await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
    };
    await fill(SELLER_PASSWORD, 'nueva-clave-1', 'otra-cosa');
    await page.getByText('Las contraseñas nuevas no coinciden').waitFor();
    await fill('no-es-esta', 'nueva-clave-1', 'nueva-clave-1');
    await page.getByText('La contraseña actual es incorrecta').waitFor();
    await fill(SELLER_PASSWORD, 'nueva-clave-1', 'nueva-clave-1');
    await page.getByText('Contraseña actualizada correctamente').waitFor();

    const relogin = await server.api('POST', '/auth/login', { body: { username, password: 'nueva-clave-1' } });
    expect(relogin.body.success).toBe(true);
    await context.close();
  });
});

describe('theme', () => {
  it('toggles from the bars, persists across reloads and marks <body data-theme>', async () => {
    const { context, page } = await freshPage();
    await page.goto(`${server.baseUrl}/`);
    expect(await page.evaluate(() => document.body.dataset.theme)).toBe('light');
    await page.getByTitle('Modo Oscuro').click();
    expect(await page.evaluate(() => [document.body.dataset.theme, localStorage.getItem('themeMode')])).toEqual(['dark', 'dark']);
    await page.reload();
    await page.getByTitle('Modo Claro').waitFor();
    expect(await page.evaluate(() => document.body.dataset.theme)).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(18, 18, 18)');

    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
    await screenshot(page, 'login-desktop-dark');
    await loginThroughForm(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Modo Claro' }).click();
    expect(await page.evaluate(() => document.body.dataset.theme)).toBe('light');
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();
    expect(await page.evaluate(() => [document.body.dataset.theme, getComputedStyle(document.body).backgroundColor])).toEqual([
      'light',
      'rgb(245, 245, 245)',
    ]);
    await context.close();
  });
});
