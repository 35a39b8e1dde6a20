/**
 * Settings `/settings` in real Chromium against the real server: business info (logo, header name),
 * categories and brands, sales numbering (the saved format is what the next sale gets, equal to the
 * preview), users (create, deactivate, reset password, reactivate) and devices.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { pushedSale } from '../helpers/fixtures';
import { adminPage, createSale, pngImage, waitForImageLoaded, waitForText } from './backoffice-helpers';
import { DESKTOP, newContext, screenshot, serverAndBrowser } from './harness';

let context: BrowserContext;
let page: Page;

const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
const confirmDialog = () => page.getByRole('dialog', { name: 'Confirmar' });
const openTab = async (name: string) => {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tab', { name, selected: true }).waitFor();
};
const login = (username: string, password: string) => server.api('POST', '/auth/login', { body: { username, password } });

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  context = await newContext(browser, DESKTOP);
  page = await adminPage(context, server);
  await page.goto(`${server.baseUrl}/settings`);
  await page.getByRole('heading', { name: 'Configuración' }).waitFor();
});

describe('business information', () => {
  it('requires the name, shows the server refusal, and saves the whole record with a logo', async () => {
    const name = page.getByRole('textbox', { name: 'Nombre del negocio' });
    await name.waitFor();
    await name.fill('');
    await page.getByRole('button', { name: 'Guardar Información' }).click();
    await page.getByText('El nombre del negocio es obligatorio').waitFor();

    await name.fill('Mostrador Centro');
    await page.getByRole('textbox', { name: 'CUIT' }).fill('123');
    await page.getByRole('button', { name: 'Guardar Información' }).click();
    await page.getByRole('alert').filter({ hasText: /CUIT/ }).waitFor();

    await page.getByRole('textbox', { name: 'CUIT' }).fill('30-71234567-8');
    await page.getByRole('button', { name: 'Guardar Información' }).click();
    await page.getByRole('alert').filter({ hasText: 'CUIT: no es válido (dígito verificador incorrecto)' }).waitFor();
    await page.getByRole('textbox', { name: 'CUIT' }).fill('30-71234567-1');
    await page.getByRole('textbox', { name: 'Horario de atención' }).fill('Lunes a sábado de 10 a 19 h');
    await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngImage('#1976d2', 400, 200) });
    const preview = page.getByRole('img', { name: 'Vista previa: Logo' });
    await waitForImageLoaded(preview);
    const box = await preview.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(200);
    expect(box!.height).toBeLessThanOrEqual(100);
    await page.getByRole('button', { name: 'Guardar Información' }).click();
    await page.getByText('Información actualizada correctamente').waitFor();
    await page.getByRole('navigation', { name: 'Navegación principal' }).locator('..').getByText('Mostrador Centro', { exact: true }).waitFor();

    const info = (await server.api('GET', '/business-info')).body.data;
    expect(info).toMatchObject({ businessName: 'Mostrador Centro', cuit: '30712345671', openingHours: 'Lunes a sábado de 10 a 19 h' });
    expect(info.logo).toMatch(/^\/uploads\/[\w-]+\.webp$/);
  });
});

describe('categories and brands', () => {
  it('creates, deactivates and deletes a category after confirming', async () => {
    await openTab('Categorías');
    await page.getByRole('button', { name: 'Nueva Categoría' }).click();
    await dialog('Nueva Categoría').getByRole('button', { name: 'Guardar' }).click();
    await dialog('Nueva Categoría').getByText('El nombre es obligatorio').waitFor();
    await dialog('Nueva Categoría').getByRole('textbox', { name: 'Nombre' }).fill('Gaming e2e');
    await dialog('Nueva Categoría').getByRole('textbox', { name: 'Descripción' }).fill('Joysticks y sillas');
    await dialog('Nueva Categoría').getByRole('textbox', { name: 'Orden' }).fill('3');
    await dialog('Nueva Categoría').getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Categoría creada correctamente').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Gaming e2e' });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(['Gaming e2e', 'Joysticks y sillas', 'Activa', '']);
    const created = (await server.api('GET', '/categories', { token: await server.adminToken() })).body.data.find((c: { name: string }) => c.name === 'Gaming e2e');
    expect(created.order).toBe(3);

    await page.getByRole('button', { name: 'Editar Gaming e2e' }).click();
    await dialog('Editar Categoría').getByRole('switch', { name: 'Activa' }).uncheck();
    await dialog('Editar Categoría').getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Categoría actualizada correctamente').waitFor();
    await row.getByText('Inactiva').waitFor();

    await page.getByRole('button', { name: 'Eliminar Gaming e2e' }).click();
    await confirmDialog().getByText('¿Estás seguro de eliminar esta categoría?').waitFor();
    await confirmDialog().getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Categoría eliminada correctamente').waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('creates and deletes a brand after confirming', async () => {
    await openTab('Marcas');
    await page.getByRole('button', { name: 'Nueva Marca' }).click();
    expect(await dialog('Nueva Marca').getByRole('textbox', { name: 'Orden' }).count()).toBe(0);
    await dialog('Nueva Marca').getByRole('textbox', { name: 'Nombre' }).fill('Redragon e2e');
    await dialog('Nueva Marca').getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Marca creada correctamente').waitFor();
    await page.getByRole('button', { name: 'Eliminar Redragon e2e' }).click();
    await confirmDialog().getByText('¿Estás seguro de eliminar esta marca?').waitFor();
    await confirmDialog().getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Marca eliminada correctamente').waitFor();
    await page.getByRole('row').filter({ hasText: 'Redragon e2e' }).waitFor({ state: 'detached' });
  });
});

describe('sales numbering', () => {
  it('validates the format, saves one value per key, and the next sale gets the previewed number', async () => {
    await openTab('Numeración de Ventas');
    const formato = page.getByRole('textbox', { name: 'Formato' });
    await formato.fill('{prefijo}-{serie}');
    await page.getByText(/^Formato: variable desconocida \{serie\}/).waitFor();
    expect(await page.getByRole('button', { name: 'Guardar Configuración' }).isDisabled()).toBe(true);

    await page.getByRole('textbox', { name: 'Prefijo' }).fill('T');
    await page.getByRole('textbox', { name: 'Sucursal' }).fill('002');
    await formato.fill('{prefijo}{sucursal}-{año}-{numero:05d}');
    const year = new Intl.DateTimeFormat('en', { timeZone: 'America/Argentina/Buenos_Aires', year: 'numeric' }).format(new Date());
    const preview = await waitForText(page.getByTestId('numbering-preview'), `T002-${year}-00001`);
    await page.getByRole('button', { name: 'Guardar Configuración' }).click();
    await page.getByText('Todas las configuraciones se actualizaron correctamente').waitFor();
    await screenshot(page, 'backoffice-settings-numbering-saved-desktop-light');

    const product = (await server.api('GET', '/products?limit=10000&active=true', { token: await server.adminToken() })).body.data.find((p: { stock: number }) => p.stock > 0);
    const sale = await createSale(server, { items: [{ productId: product.id, quantity: 1 }], paymentMethod: 'efectivo' });
    expect(sale.saleNumber).toBe(preview);

    await page.getByRole('button', { name: 'Recargar' }).click();
    await waitForText(page.getByTestId('numbering-counter'), '2');
    expect(await page.getByTestId('numbering-preview').innerText()).toBe(`T002-${year}-00002`);
  });
});

describe('users and devices', () => {
  it('creates a seller, deactivates (after confirming), resets the password and reactivates', async () => {
    await openTab('Usuarios');
    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    const form = dialog('Nuevo Usuario');
    await form.getByRole('textbox', { name: 'Usuario' }).fill('caja2');
    await form.getByRole('textbox', { name: 'Nombre completo' }).fill('Caja Dos');
    await form.getByLabel('Contraseña').fill('caja-clave-1');
    await form.getByRole('button', { name: 'Crear usuario' }).click();
    await page.getByText('Usuario creado correctamente').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'caja2' });
    await row.waitFor();
    expect((await row.getByRole('cell').allInnerTexts()).slice(0, 5)).toEqual(['caja2', 'Caja Dos', '—', 'Vendedor', 'Activo']);
    expect((await login('caja2', 'caja-clave-1')).status).toBe(200);

    await page.getByRole('button', { name: 'Desactivar a caja2' }).click();
    await confirmDialog().getByText('¿Estás seguro de desactivar a Caja Dos? No podrá iniciar sesión.').waitFor();
    await confirmDialog().getByRole('button', { name: 'Desactivar' }).click();
    await row.getByText('Inactivo').waitFor();
    expect((await login('caja2', 'caja-clave-1')).body.success).toBe(false);

    await page.getByRole('button', { name: 'Restablecer contraseña de caja2' }).click();
    await dialog('Restablecer contraseña').getByLabel('Nueva contraseña').fill('nueva-clave-2');
    await dialog('Restablecer contraseña').getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByText('Contraseña de caja2 actualizada correctamente').waitFor();
    await page.getByRole('button', { name: 'Reactivar a caja2' }).click();
    await confirmDialog().getByRole('button', { name: 'Reactivar' }).click();
    await row.getByText('Activo', { exact: true }).waitFor();
    expect((await login('caja2', 'nueva-clave-2')).status).toBe(200);
  });

  it('lists each counter device with its user, last sync, pending and flagged sales', async () => {
    const token = await server.adminToken();
    const admin = (await server.api('GET', '/users', { token })).body.data.find((u: { username: string }) => u.username === 'admin');
    const product = (await server.api('GET', '/products?limit=10000&active=true', { token })).body.data.find((p: { stock: number }) => p.stock > 0);
    const device = await server.registerDevice('Caja 1');
    const push = await server.api('POST', '/sync/push', {
      headers: device.headers,
      token,
      body: {
        deviceId: device.id,
        deviceName: 'Caja 1',
        schemaVersion: SYNC_SCHEMA_VERSION,
        pendingCount: 2,
        sales: [pushedSale(1, [{ productId: product.id, quantity: 1, unitPrice: product.price }], { sellerId: admin.id })],
      },
    });
    expect(push.body.data.results[0].status).toBe('applied');

    await openTab('Dispositivos');
    // The row of "Caja 1" exactly (other tests' devices are "Caja <id>", and an id may begin with "1").
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: /: punto de venta CAEA de Caja 1$/ }) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    // The device, who registered it, when and from where (issue #31 item 6), then its user and last sync.
    expect(cells[0].split(/\n+/)).toEqual(['Caja 1', expect.any(String), expect.stringMatching(/^Registrado por Administrador, \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/), expect.stringMatching(/^desde \S+$/)]);
    expect(cells[1]).toBe('Administrador');
    expect(cells[2]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(cells[3]).toBe('No');
    // Synced, pending, flagged.
    expect(cells[4].split(/\n+/)).toEqual(['1 sincronizadas', '2 pendientes', '0 con observaciones']);
    expect(cells[5]).toBe('Asignar');
    // Its own CAEA point of sale (issue #11): validated in Spanish, saved, shown in the row.
    await row.getByRole('button', { name: 'Asignar: punto de venta CAEA de Caja 1', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Punto de venta CAEA' });
    await dialog.getByRole('textbox', { name: 'Punto de venta CAEA' }).fill('abc');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Punto de venta CAEA: debe ser un número').waitFor();
    await dialog.getByRole('textbox', { name: 'Punto de venta CAEA' }).fill('91');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: '91: punto de venta CAEA de Caja 1', exact: true }).waitFor();
  });
});
