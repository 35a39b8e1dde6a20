/// <reference lib="webworker" />
/**
 * Service worker (built by vite-plugin-pwa, injectManifest).
 *  - Precaches the app shell and the public pages; `/` and `/catalog` answer their prerendered HTML
 *    (landing.html, catalog.html), every other page route falls back to index.html, never
 *    /api/, /uploads/ or a receipt link's PDF (/r/<token>, issue #35 item 4). Staff chunks (marked at build time by scripts/lib/precache-split.ts) are cached
 *    only on a device where staff signed in (the page sends CACHE_STAFF; a flag in the 'mostrador-meta'
 *    cache remembers it, so each new version caches its staff chunks at install, before it can take
 *    over): visitors never download staff code, and the POS still opens offline (issue #17 item 8).
 *  - Product images (/uploads/): cache-first with expiration.
 *  - Public catalogue, public categories and business info: network-first with a short timeout and
 *    the last answer as fallback, so the catalogue opens offline with the last data.
 *  - A new version waits (no skipWaiting on install): the page shows "Nueva versión disponible" and
 *    sends SKIP_WAITING only when the user presses "Actualizar" (design rule 12).
 *  - Background Sync wakes the page's sync engine (below).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

const PUBLIC_DATA_PATHS = new Set(['/api/products/catalog', '/api/categories/public', '/api/business-info']);
/** Same marker as scripts/lib/precache-split.ts STAFF_REVISION. */
const STAFF_REVISION = 'staff';
const STAFF_CACHE = 'mostrador-staff';
const META_CACHE = 'mostrador-meta';
const STAFF_FLAG = new URL('/__mostrador/staff-device', self.location.href).href;

const manifest = self.__WB_MANIFEST;
const isStaffEntry = (entry: (typeof manifest)[number]) => typeof entry !== 'string' && entry.revision === STAFF_REVISION;
const staffUrls = manifest.filter(isStaffEntry).map((entry) => new URL(typeof entry === 'string' ? entry : entry.url, self.location.href).href);
const staffSet = new Set(staffUrls);

// As the server does, `/` answers the prerendered landing.html and `/catalog` catalog.html (Workbox's clean URLs).
precacheAndRoute(manifest.filter((entry) => !isStaffEntry(entry)), { directoryIndex: 'landing.html' });
cleanupOutdatedCaches();
clientsClaim();

const isStaffDevice = async () => Boolean(await (await caches.open(META_CACHE)).match(STAFF_FLAG));

/** Fetches the staff chunks this version lacks into STAFF_CACHE (throws if one cannot be fetched). */
async function cacheStaffChunks(): Promise<void> {
  const cache = await caches.open(STAFF_CACHE);
  const held = new Set((await cache.keys()).map((request) => request.url));
  await Promise.all(
    staffUrls
      .filter((url) => !held.has(url))
      .map(async (url) => {
        const response = await fetch(url, { credentials: 'same-origin' });
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        await cache.put(url, response);
      }),
  );
}

/** Drops staff chunks of older versions (content-hashed names: a new version has new ones). */
async function pruneStaffChunks(): Promise<void> {
  const cache = await caches.open(STAFF_CACHE);
  await Promise.all((await cache.keys()).filter((request) => !staffSet.has(request.url)).map((request) => cache.delete(request)));
}

self.addEventListener('install', (event) => event.waitUntil(isStaffDevice().then((staff) => (staff ? cacheStaffChunks() : undefined))));
self.addEventListener('activate', (event) => event.waitUntil(pruneStaffChunks()));

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && staffSet.has(url.href),
  new CacheFirst({ cacheName: STAFF_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/uploads\//, /^\/r\//] }));

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/'),
  new CacheFirst({
    cacheName: 'product-images',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && PUBLIC_DATA_PATHS.has(url.pathname),
  new NetworkFirst({
    cacheName: 'public-data',
    networkTimeoutSeconds: 4,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 14 * 24 * 3600 })],
  }),
);

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (event.data?.type === 'CACHE_STAFF') {
    // A port, when given, hears {ok} once every staff chunk is cached (tests wait for it before going offline).
    const reply = event.ports[0];
    event.waitUntil(
      caches
        .open(META_CACHE)
        .then((meta) => meta.put(STAFF_FLAG, new Response('1')))
        .then(cacheStaffChunks)
        .then(
          () => reply?.postMessage({ ok: true }),
          (error: unknown) => reply?.postMessage({ ok: false, error: String(error) }),
        ),
    );
  }
});

/*
 * Background Sync (docs/sync.md rule 5, Chromium only). When sales wait for the network the page
 * registers the tag 'mostrador-outbox'; the browser fires `sync` once connectivity is back, even if
 * the tab sleeps. The outbox and the session live in the page, so the worker only wakes every open
 * window with {type: 'SYNC_OUTBOX'} and their sync engine pushes (one uploader, under the Web Lock).
 */
interface BackgroundSyncEvent extends ExtendableEvent {
  readonly tag: string;
}

async function wakeWindows(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: 'SYNC_OUTBOX' });
}

self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const syncEvent = event as BackgroundSyncEvent;
  if (syncEvent.tag === 'mostrador-outbox') syncEvent.waitUntil(wakeWindows());
});
