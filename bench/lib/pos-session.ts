/**
 * The signed-in POS shared by the browser scenarios (created once per run): the real server with the
 * built client on a copy of the catalogue database, Debian's Chromium (playwright-core, never a
 * downloaded browser), the session stored the way src/api/session.ts stores it, and /pos opened on an
 * empty device, so the first sync pulls the whole catalogue into IndexedDB. That first sync is timed:
 * navigation → every product in IndexedDB → the POS search finds the last product pulled. With --profile,
 * the page's CPU profile of that first sync goes to bench/.data/profiles/first-sync-page.cpuprofile.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { STORAGE_KEYS } from '../../domain/constants';
import { signIn, type Session } from './api';
import { startServer, type Child } from './child';
import type { BenchContext } from './context';
import { removeWorkDir, sellableProducts, workDir } from './data';
import { catalogFile } from './datasets';
import { deviceCounts } from './device-store';
import { PROFILE_DIR } from './paths';

const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export interface PosSession {
  server: Child;
  session: Session;
  page: Page;
  setOffline: (offline: boolean) => Promise<void>;
  products: number;
  firstSync: { storedMs: number; indexedMs: number };
}

/** Polls `check` every `everyMs` until it returns true; throws after `timeoutMs`. */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A desktop browser context (service workers blocked) whose pages start signed in as `session`, stored as the app stores it. */
export async function signedInContext(browser: Browser, session: Session): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-AR', serviceWorkers: 'block', reducedMotion: 'reduce' });
  // tsx compiles the bench with esbuild's keepNames, which wraps named functions inside page.evaluate
  // callbacks in a __name() helper the page does not have.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  await context.addInitScript(
    ({ keys, token, user }) => {
      if (!localStorage.getItem(keys.token)) {
        localStorage.setItem(keys.token, token);
        localStorage.setItem(keys.user, JSON.stringify(user));
      }
    },
    { keys: STORAGE_KEYS, token: session.token, user: session.user },
  );
  return context;
}

async function open(ctx: BenchContext): Promise<PosSession> {
  const source = await catalogFile(ctx);
  const last = sellableProducts(source).at(-1)!;
  const dir = workDir('pos', source);
  const server = await startServer(dir, { profile: ctx.profile, label: 'pos' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: BROWSER_ARGS });
  ctx.onClose(async () => {
    await browser.close();
    await server.stop();
    removeWorkDir(dir);
  });
  const session = await signIn(server.baseUrl);
  const context = await signedInContext(browser, session);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  [página] ${error.message}`));

  const cdp = ctx.profile ? await context.newCDPSession(page) : null;
  if (cdp) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
  const start = performance.now();
  await page.goto(`${server.baseUrl}/pos`);
  await waitUntil('el catálogo completo en IndexedDB', async () => (await deviceCounts(page)).products >= ctx.sizes.products, ctx.quick ? 60_000 : 240_000, 250);
  const storedMs = performance.now() - start;
  // The pull walks products by revision: once the last sellable product is found by its code, the
  // search index holds the whole catalogue.
  const box = page.getByPlaceholder('Buscar producto...');
  await box.fill(last.code);
  await page.getByTestId('pos-product').first().waitFor({ timeout: 60_000 });
  await box.fill('');
  const indexedMs = performance.now() - start;
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(PROFILE_DIR, { recursive: true });
    writeFileSync(path.join(PROFILE_DIR, 'first-sync-page.cpuprofile'), JSON.stringify(profile));
    await cdp.detach();
  }
  return {
    server,
    session,
    page,
    setOffline: (offline) => context.setOffline(offline),
    products: ctx.sizes.products,
    firstSync: { storedMs, indexedMs },
  };
}

export const posSession = (ctx: BenchContext): Promise<PosSession> => ctx.once('pos-session', () => open(ctx));
