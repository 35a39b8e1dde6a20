/**
 * Backups from the back office, in real Chromium: the dashboard warns an admin when the newest backup
 * is older than two intervals (not a seller); Settings → Copias de seguridad makes one now, lists it
 * and downloads it (a real gzip archive with the database inside).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveName } from '../../server/modules/backups/archive';
import { adminPage } from './backoffice-helpers';
import { DESKTOP, loginThroughForm, newContext, screenshot, SELLER_PASSWORD, serverAndBrowser } from './harness';

let context: BrowserContext;
let page: Page;
const backupDir = mkdtempSync(path.join(tmpdir(), 'mostrador-e2e-copias-'));
afterAll(() => rmSync(backupDir, { recursive: true, force: true }));
// An old backup (three days ago) with a daily schedule: the newest is older than two intervals.
writeFileSync(path.join(backupDir, archiveName(new Date(Date.now() - 3 * 86_400_000), 'programada')), '');
const { server, browser } = await serverAndBrowser({ BACKUP_DIR: backupDir, BACKUP_INTERVAL: '1d' });

beforeAll(async () => {
  await server.createSeller();
  context = await newContext(browser, DESKTOP);
  page = await adminPage(context, server);
});

describe('copias de seguridad', () => {
  it('el panel avisa al administrador que la última copia es vieja, y no a un vendedor', async () => {
    await page.goto(`${server.baseUrl}/dashboard`);
    const notice = page.getByRole('alert').filter({ hasText: 'Copia de seguridad atrasada' });
    await notice.waitFor();
    await notice.getByRole('link', { name: 'Ir a Copias de seguridad' }).click();
    await page.getByRole('tab', { name: 'Copias de seguridad', selected: true }).waitFor();

    const sellerContext = await newContext(browser, DESKTOP);
    const seller = await sellerContext.newPage();
    await loginThroughForm(seller, server.baseUrl, 'vendedora', SELLER_PASSWORD);
    await seller.getByText('Total Ventas').first().waitFor();
    expect(await seller.getByText('Copia de seguridad atrasada').count()).toBe(0);
    await sellerContext.close();
  });

  it('hace una copia ahora, la lista y la descarga', async () => {
    await page.goto(`${server.baseUrl}/settings?tab=copias`);
    await page.getByRole('button', { name: 'Hacer una copia ahora' }).click();
    await page.getByText('Copia de seguridad creada correctamente').waitFor();
    const rows = page.getByRole('table', { name: 'Copias de seguridad' }).getByRole('row');
    await rows.filter({ hasText: 'Manual' }).waitFor();
    expect(await page.getByText('La última copia de seguridad es vieja').count()).toBe(0);
    await screenshot(page, 'backoffice-copias', false);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar la última copia' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^mostrador-.*-manual\.tar\.gz$/);
    const file = await download.path();
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(bytes.length).toBeGreaterThan(10_000);
  });
});
