/**
 * Contact messages `/contact-messages` in real Chromium against the real server: stats, opening marks a
 * new message read, a status change with notes records who answered, filters, paging, delete with
 * confirmation, empty state.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { statValue, waitForText } from './backoffice-helpers';
import { DESKTOP, loginThroughForm, newContext, screenshot, serverAndBrowser } from './harness';

let context: BrowserContext;
let page: Page;
let product: { id: number; name: string };

const rows = () => page.getByRole('table', { name: 'Mensajes' }).locator('tbody tr');
const detail = () => page.getByRole('dialog', { name: 'Detalle del Mensaje' });

async function send(body: Record<string, unknown>): Promise<number> {
  const res = await server.api('POST', '/contact', { body });
  expect(res.status, res.body.message).toBe(201);
  return res.body.data.id as number;
}

const { server, browser } = await serverAndBrowser();
beforeAll(async () => {
  const token = await server.adminToken();
  product = (await server.api('GET', '/products?limit=1', { token })).body.data[0];
  const marta = await server.api('POST', '/users', { token, body: { username: 'marta', fullName: 'Marta Encargada', password: 'marta-clave-1', role: 'admin' } });
  expect(marta.status).toBe(201);
  await send({ name: 'Pedro Ruiz', email: 'pedro@example.com', message: 'Quisiera saber el horario de atención del local.' });
  await send({
    name: 'Lucía Gómez',
    email: 'lucia@example.com',
    phone: '+54 9 11 5555-1234',
    subject: `Consulta sobre: ${product.name}`,
    message: `Hola, ¿tienen stock de ${product.name}? Gracias.`,
    productId: product.id,
  });
  context = await newContext(browser, DESKTOP);
  page = await context.newPage();
  await loginThroughForm(page, server.baseUrl, 'marta', 'marta-clave-1');
  await page.goto(`${server.baseUrl}/contact-messages`);
  await page.getByRole('heading', { name: 'Mensajes de Contacto' }).waitFor();
});

describe('contact messages', () => {
  it('shows the stats and the table', async () => {
    await waitForText(statValue(page, 'Total'), '2');
    expect(await statValue(page, 'Nuevos').innerText()).toBe('2');
    expect(await statValue(page, 'Hoy').innerText()).toBe('2');
    expect(await statValue(page, 'Esta semana').innerText()).toBe('2');
    expect(await rows().count()).toBe(2);
    const lucia = rows().filter({ hasText: 'Lucía Gómez' });
    const cells = await lucia.getByRole('cell').allInnerTexts();
    expect(cells.slice(1, 6)).toEqual(['Lucía Gómez', 'lucia@example.com', '+54 9 11 5555-1234', `Consulta sobre: ${product.name}`, 'Nuevo']);
  });

  it('opens a message (marked read, list and stats reloaded), answers it with notes and records who answered', async () => {
    await page.getByRole('button', { name: 'Ver mensaje de Lucía Gómez' }).click();
    await detail().getByText(`Hola, ¿tienen stock de ${product.name}? Gracias.`).waitFor();
    expect(await detail().getByText('Producto consultado').isVisible()).toBe(true);
    await detail().getByRole('button', { name: 'Leído' }).and(page.locator(':disabled')).waitFor();
    await waitForText(statValue(page, 'Leídos'), '1');
    expect(await statValue(page, 'Nuevos').innerText()).toBe('1');

    await detail().getByLabel('Notas internas').fill('Le respondimos por WhatsApp con el precio.');
    await detail().getByRole('button', { name: 'Respondido' }).click();
    await detail().getByText('Estado actualizado correctamente').waitFor();
    await detail().getByText(/^Respondido el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} por Marta Encargada$/).waitFor();
    await detail().getByText('Le respondimos por WhatsApp con el precio.', { exact: true }).first().waitFor();
    expect(await detail().getByRole('button', { name: 'Respondido' }).isDisabled()).toBe(true);
    expect(await detail().getByRole('button', { name: 'Archivado' }).isDisabled()).toBe(false);
    await screenshot(page, 'backoffice-message-detail-desktop-light', false);

    const id = (await server.api('GET', '/contact/list?search=lucia', { token: await server.adminToken() })).body.data[0].id;
    const saved = (await server.api('GET', `/contact/${id}`, { token: await server.adminToken() })).body.data;
    expect(saved).toMatchObject({ status: 'respondido', notes: 'Le respondimos por WhatsApp con el precio.', responder: { fullName: 'Marta Encargada', username: 'marta' } });
    expect(saved.respondedAt).toBeTruthy();

    await detail().getByRole('button', { name: 'Cerrar' }).last().click();
    await waitForText(statValue(page, 'Respondidos'), '1');
    await rows().filter({ hasText: 'Lucía Gómez' }).getByText('Respondido').waitFor();
  });

  it('filters by text and status, and shows the empty state', async () => {
    await page.getByLabel('Buscar').fill('pedro');
    await waitForText(rows().first().getByRole('cell').nth(1), 'Pedro Ruiz');
    expect(await rows().count()).toBe(1);
    await page.getByLabel('Buscar').fill('');
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Respondido', exact: true }).click();
    await waitForText(rows().first().getByRole('cell').nth(1), 'Lucía Gómez');
    await rows().nth(1).waitFor({ state: 'detached' });
    await page.getByLabel('Buscar').fill('nadie-con-este-nombre');
    await page.getByText('No hay mensajes para mostrar').waitFor();
    await page.getByLabel('Buscar').fill('');
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Todos los estados', exact: true }).click();
    await rows().nth(1).waitFor();
  });

  it('pages 20 messages at a time with Anterior / Siguiente', async () => {
    for (let i = 1; i <= 20; i += 1) await send({ name: `Cliente ${i}`, email: `c${i}@example.com`, message: `Mensaje de prueba número ${i}.` });
    await page.reload();
    await page.getByText('Página 1 de 2').waitFor();
    expect(await rows().count()).toBe(20);
    expect(await page.getByRole('button', { name: 'Anterior' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText('Página 2 de 2').waitFor();
    await rows().nth(2).waitFor({ state: 'detached' });
    expect((await rows().evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1].textContent))).sort()).toEqual(['Lucía Gómez', 'Pedro Ruiz']);
    expect(await page.getByRole('button', { name: 'Siguiente' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Anterior' }).click();
    await page.getByText('Página 1 de 2').waitFor();
  });

  it('asks before deleting a message', async () => {
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText('Página 2 de 2').waitFor();
    await page.getByRole('button', { name: 'Eliminar mensaje de Pedro Ruiz' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar' });
    await confirm.getByText('¿Estás seguro de eliminar este mensaje?').waitFor();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Mensaje eliminado correctamente').waitFor();
    await waitForText(statValue(page, 'Total'), '21');
    expect((await server.api('GET', '/contact/list?search=pedro', { token: await server.adminToken() })).body.data).toEqual([]);
  });
});
