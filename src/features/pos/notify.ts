/**
 * The POS's messages (docs/spec.md §5/§8 texts). They show in the POS's own notice line, next to the title, so
 * they never cover the search box, the cart, the sync status or the next checkout dialog; one at a time
 * (the newest wins), each for 3 s. Closing one gives the focus back to the search box.
 */
import { useSyncExternalStore } from 'react';
import { MSG } from '../../../domain/messages';
import type { CartResult } from '../../offline/cart';
import { refocusSearchIfIdle } from './focus-search';

export interface PosNotice {
  id: number;
  kind: 'success' | 'warning';
  message: string;
}

const SHOWN_MS = 3000;
let current: PosNotice | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function show(kind: PosNotice['kind'], message: string): void {
  current = { id: (current?.id ?? 0) + 1, kind, message };
  clearTimeout(timer);
  timer = setTimeout(dismissNotice, SHOWN_MS);
  emit();
}

export function dismissNotice(): void {
  clearTimeout(timer);
  current = null;
  emit();
  requestAnimationFrame(refocusSearchIfIdle);
}

export const warn = (message: string) => show('warning', message);
export const success = (message: string) => show('success', message);

export function usePosNotice(): PosNotice | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** Warns when a cart change was refused; true when it went through. */
export function reportCartResult(result: CartResult): boolean {
  if (result === 'no-stock') warn(MSG.noMoreStock);
  if (result === 'missing') warn(MSG.productNotFound);
  return result === 'ok';
}
