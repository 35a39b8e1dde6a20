/// <reference lib="webworker" />
/**
 * Service worker (built by vite-plugin-pwa, injectManifest).
 *  - Precaches the app shell; every page route falls back to index.html, never /api/ or /uploads/.
 *  - Product images (/uploads/): cache-first with expiration.
 *  - Public catalogue, public categories and business info: network-first with a short timeout and
 *    the last answer as fallback, so the catalogue opens offline with the last data.
 *  - A new version waits (no skipWaiting on install): the page shows "Nueva versión disponible" and
 *    sends SKIP_WAITING only when the user presses "Actualizar" (design rule 12).
 * Background Sync for the POS outbox belongs here too (add a `sync` listener next to these routes).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

const PUBLIC_DATA_PATHS = new Set(['/api/products/catalog', '/api/categories/public', '/api/business-info']);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/uploads\//] }));

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
});

/*
 * Background Sync (docs/sync.md rule 9, Chromium only). When sales wait for the network the page
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
