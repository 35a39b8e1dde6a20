/**
 * An app left open all day (the POS) looks for a new version every UPDATE_CHECK_MS (issue #17 item 10):
 * registration.update() fetches the service worker script; a changed one installs and waits, and
 * UpdatePrompt offers "Actualizar". Skipped while the browser is offline (the check would only fail).
 */
export const UPDATE_CHECK_MS = 30 * 60 * 1000;

/** Starts the periodic check; returns the function that stops it. */
export function checkForUpdates(registration: Pick<ServiceWorkerRegistration, 'update'>, everyMs = UPDATE_CHECK_MS): () => void {
  const timer = setInterval(() => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    void registration.update().catch(() => undefined);
  }, everyMs);
  return () => clearInterval(timer);
}
