/**
 * A new version reaches an open POS between sales, never mid-sale (issue #38 item 4). Between sales (empty
 * cart, checkout closed) the POS asks the server for a new service worker, at most every CHECK_EVERY_MS; one
 * that installs waits, and the update prompt (src/pwa/UpdatePrompt.tsx) offers «Actualizar». During a sale
 * `data-sale-in-progress` on <html> hides that prompt (app/layout/staff.css) until the sale ends.
 */
import { useEffect } from 'react';

const CHECK_EVERY_MS = 5 * 60 * 1000;
let lastCheck = 0;

function checkForNewVersion(): void {
  if (Date.now() - lastCheck < CHECK_EVERY_MS || navigator.onLine === false || !('serviceWorker' in navigator)) return;
  lastCheck = Date.now();
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.update())
    .catch(() => undefined);
}

export function useUpdateBetweenSales(saleInProgress: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    if (!saleInProgress) {
      checkForNewVersion();
      return;
    }
    root.dataset.saleInProgress = 'true';
    return () => {
      delete root.dataset.saleInProgress;
    };
  }, [saleInProgress]);
}
