/**
 * Configuración → Dispositivos (issue #31 item 6) in real Chromium against the real server: a browser that
 * only opens the back office never registers as a counter (opening the POS does); the admin renames a
 * device, revokes a lost tablet (its key stops working), force-closes the cash session it left open, and
 * removes one that never sold — and a removal the server refuses (409) is shown as an error, in Spanish.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import { ADMIN_PASSWORD, loginThroughForm, serverAndBrowser } from './harness';
import { newDevice, openPos } from './pos-helpers';

const { server, browser } = await serverAndBrowser();
const contexts: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function adminBrowser(): Promise<Page> {
  const context = await newDevice(browser);
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  await loginThroughForm(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
  return page;
}

const deviceIds = async (): Promise<string[]> =>
  (await server.api('GET', '/sync/devices', { token: await server.adminToken() })).body.data.map((d: { id: string }) => d.id);

async function openDevicesTab(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/settings`);
  await page.getByRole('tab', { name: 'Dispositivos' }).click();
  await page.getByRole('tab', { name: 'Dispositivos', selected: true }).waitFor();
}

const rowOf = (page: Page, id: string) => page.getByTestId(`device-${id}`);
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirmar' });

describe('devices', () => {
  it('a browser that only opens the back office registers no device; opening the POS registers it once', async () => {
    const before = await deviceIds();
    const requests: string[] = [];
    const page = await adminBrowser();
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await openDevicesTab(page);
    await page.goto(`${server.baseUrl}/sales`);
    // The engine ran its cycles and the idle check reached the server (it only probes after a cycle ends).
    await page.locator('[data-testid="sync-status"][data-online="true"]').waitFor();
    expect(requests.filter((path) => /^\/api\/sync\/(devices\/register|push|pull|cash)/.test(path))).toEqual([]);
    expect(await deviceIds()).toEqual(before);

    await openPos(page);
    const after = await deviceIds();
    expect(after.filter((id) => !before.includes(id))).toHaveLength(1);
    expect(requests.filter((path) => path === '/api/sync/devices/register')).toHaveLength(1);
  });

  it('renames, revokes (the key stops working) and force-closes the open cash session of a lost tablet', async () => {
    const tablet = await server.registerDevice('Caja 9F9F');
    const session = randomUUID();
    const opened = await server.api('POST', '/sync/cash', {
      headers: tablet.headers,
      body: { deviceId: tablet.id, events: [{ type: 'open', eventId: randomUUID(), clientSessionId: session, at: new Date().toISOString(), userId: 1, float: 2000 }] },
    });
    expect(opened.body.data.results[0].status).toBe('applied');

    const page = await adminBrowser();
    await openDevicesTab(page);
    const row = rowOf(page, tablet.id);
    await row.getByText('Administrador').first().waitFor();
    await row.getByText('Abierta').waitFor();
    // A device with history is never offered «Eliminar».
    expect(await row.getByRole('button', { name: 'Eliminar Caja 9F9F' }).count()).toBe(0);

    // Renombrar: validated in Spanish, saved, the dialog closes on the new name.
    await row.getByRole('button', { name: 'Renombrar Caja 9F9F' }).click();
    const rename = page.getByRole('dialog', { name: 'Renombrar dispositivo' });
    await rename.getByRole('textbox', { name: 'Nombre' }).fill('   ');
    await rename.getByRole('button', { name: 'Guardar' }).click();
    await rename.getByText('Nombre: es obligatorio').waitFor();
    await rename.getByRole('textbox', { name: 'Nombre' }).fill('Tablet del depósito');
    await rename.getByRole('button', { name: 'Guardar' }).click();
    await rename.waitFor({ state: 'hidden' });
    await row.getByText('Tablet del depósito').waitFor();
    await page.getByText(MSG.deviceRenamed).waitFor();

    // Cerrar caja: the confirmation says the count stays unknown and flagged.
    await row.getByRole('button', { name: 'Cerrar caja de Tablet del depósito' }).click();
    await confirmDialog(page).getByText('el conteo queda desconocido y la caja queda marcada para revisar', { exact: false }).waitFor();
    await confirmDialog(page).getByRole('button', { name: 'Cerrar caja' }).click();
    await confirmDialog(page).waitFor({ state: 'hidden' });
    await row.getByRole('cell', { name: 'No', exact: true }).waitFor();
    const sessions = (await server.api('GET', '/cash-sessions', { token: await server.adminToken() })).body.data as { clientSessionId: string; status: string; forceClosed: boolean }[];
    expect(sessions.find((s) => s.clientSessionId === session)).toMatchObject({ status: 'cerrada', forceClosed: true });

    // Revocar: the confirmation explains how its queued sales come back; then its key no longer syncs.
    await row.getByRole('button', { name: 'Revocar Tablet del depósito' }).click();
    await confirmDialog(page).getByText('«Exportar ventas pendientes» en el panel de sincronización de la tablet y «Importar ventas pendientes» en esta pantalla', { exact: false }).waitFor();
    await confirmDialog(page).getByRole('button', { name: 'Revocar' }).click();
    await row.getByText('Revocado', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Revocar Tablet del depósito' }).count()).toBe(0);
    const pull = await server.api('GET', '/sync/pull?since=0', { headers: tablet.headers });
    expect(pull.status).toBe(401);
  });

  it('removes a device that never sold; a removal the server refuses (it sold meanwhile) is shown as an error in Spanish', async () => {
    const idle = await server.registerDevice('Caja AAAA');
    const busy = await server.registerDevice('Caja BBBB');
    const page = await adminBrowser();
    await openDevicesTab(page);
    await rowOf(page, busy.id).waitFor();

    await rowOf(page, idle.id).getByRole('button', { name: 'Eliminar Caja AAAA' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Eliminar' }).click();
    await rowOf(page, idle.id).waitFor({ state: 'detached' });
    expect(await deviceIds()).not.toContain(idle.id);

    // It opened a cash session after the list was loaded: the server refuses, the screen says why.
    const opened = await server.api('POST', '/sync/cash', {
      headers: busy.headers,
      body: { deviceId: busy.id, events: [{ type: 'open', eventId: randomUUID(), clientSessionId: randomUUID(), at: new Date().toISOString(), userId: 1, float: 0 }] },
    });
    expect(opened.body.data.results[0].status).toBe('applied');
    await rowOf(page, busy.id).getByRole('button', { name: 'Eliminar Caja BBBB' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('alert').filter({ hasText: MSG.deviceHasHistory }).waitFor();
    expect(await deviceIds()).toContain(busy.id);
  });
});
