/**
 * Which back-office dialog is on top. Every open Mantine modal listens for Escape on the window, so
 * with a dialog opened from another (the invoice dialog over the sale detail) one Escape would close
 * both; dialogs that register here close on Escape only while they are the topmost one.
 */
import { useEffect, useId, useSyncExternalStore } from 'react';

let stack: string[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const top = () => stack[stack.length - 1] ?? null;

/** True while this dialog is open and no dialog opened after it is still open. */
export function useTopmostDialog(opened: boolean): boolean {
  const id = useId();
  useEffect(() => {
    if (!opened) return;
    stack = [...stack, id];
    emit();
    return () => {
      stack = stack.filter((other) => other !== id);
      emit();
    };
  }, [opened, id]);
  return useSyncExternalStore(subscribe, top) === id;
}
