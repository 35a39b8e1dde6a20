/**
 * Asks the service worker to keep the staff screens available offline on this device (src/sw.ts,
 * CACHE_STAFF): sent when staff are signed in. Visitors never send it, so their service worker never
 * downloads staff code. Harmless without a service worker (tests block it; old browsers lack it).
 */
export function keepStaffScreensOffline(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'CACHE_STAFF' })).catch(() => undefined);
}
