/**
 * Whether the last request of this tab's sync engine reached the server (issue #29 item 5), for screens
 * that must not load Dexie to know it (the staff shell's «Sin conexión» notice). The sync instance
 * (src/sync/instance.ts) writes it from the engine's status; null until the engine knows.
 */
import { useSyncExternalStore } from 'react';

let reachable: boolean | null = null;
const listeners = new Set<() => void>();

export function setServerReachable(value: boolean | null): void {
  if (value === reachable) return;
  reachable = value;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The server's reachability as the sync engine last saw it (null: not known yet). */
export function useServerReachable(): boolean | null {
  return useSyncExternalStore(subscribe, () => reachable);
}
