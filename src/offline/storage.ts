/**
 * The browser's storage for this device (docs/sync.md rule 8, issue #29 item 4): the outbox lives in
 * IndexedDB, which a browser may evict under pressure unless the site holds persistent storage. The app
 * asks for it after sign-in and when installed (src/sync/instance.ts); the sync panel shows whether it
 * was granted and how much space is left, and warns when it runs low. Reading is free of side effects.
 */

/** Less free space than this (or more than LOW_SPACE_RATIO of the quota used) is «poco espacio». */
export const LOW_SPACE_BYTES = 200 * 1024 * 1024;
export const LOW_SPACE_RATIO = 0.9;

export interface StorageState {
  /** Whether the browser keeps this site's data under pressure (null: the browser cannot say). */
  persisted: boolean | null;
  usage: number | null;
  quota: number | null;
  /** Little space left: sales may fail to save, and the browser may evict the site. */
  low: boolean;
}

export function isSpaceLow(usage: number | null, quota: number | null): boolean {
  if (usage === null || quota === null || quota <= 0) return false;
  return quota - usage < LOW_SPACE_BYTES || usage / quota > LOW_SPACE_RATIO;
}

/** Asks for persistent storage (after sign-in or install); resolves to the answer, null where unsupported. */
export async function requestPersistence(storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<boolean | null> {
  if (!storage?.persist) return null;
  try {
    return await storage.persist();
  } catch {
    return null;
  }
}

export async function readStorageState(storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<StorageState> {
  const [persisted, estimate] = await Promise.all([
    storage?.persisted ? storage.persisted().catch(() => null) : Promise.resolve(null),
    storage?.estimate ? storage.estimate().catch(() => null) : Promise.resolve(null),
  ]);
  const usage = estimate?.usage ?? null;
  const quota = estimate?.quota ?? null;
  return { persisted, usage, quota, low: isSpaceLow(usage, quota) };
}

/** "1,5 GB", "820 MB" (es-AR). */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  const format = (n: number) => n.toLocaleString('es-AR', { maximumFractionDigits: 1 });
  return mb >= 1024 ? `${format(mb / 1024)} GB` : `${format(Math.max(mb, 0.1))} MB`;
}
