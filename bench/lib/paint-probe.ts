/**
 * Paint probes observed from the page, not from the app's own marks (issue #39 item 1): armed before an
 * input, each records the input event's timestamp (a click, or the Enter key, caught on window in the
 * capture phase, so before any of the app's handlers), watches the DOM until the expected state shows,
 * then waits for the frame that paints it (requestAnimationFrame, then a task queued from it, which runs
 * after that frame's paint). The result: input → painted, and input → DOM shown, in ms.
 */
import type { Page } from 'playwright-core';

/** 'cart-empty': no cart line left; 'cart-line': one cart line more than when armed. */
export type PaintState = 'cart-empty' | 'cart-line';
export type PaintStart = 'click' | 'enter';

export interface PaintTiming {
  /** Input event → the frame showing the state painted. */
  paintedMs: number;
  /** Input event → the DOM showing the state (before layout and paint). */
  domMs: number;
}

/** Arms a probe in `page`; await the returned function after the input to get its timing. */
export async function armPaintProbe(page: Page, start: PaintStart, state: PaintState, timeoutMs = 10_000): Promise<() => Promise<PaintTiming>> {
  await page.evaluate(
    ({ start, state, timeoutMs }) => {
      const w = window as unknown as { __paintProbe?: Promise<{ paintedMs: number; domMs: number }> };
      const lines = () => document.querySelectorAll('[data-testid="cart-line"]').length;
      const before = lines();
      const shown = () => (state === 'cart-empty' ? lines() === 0 : lines() > before);
      w.__paintProbe = new Promise((resolve, reject) => {
        let startedAt: number | null = null;
        const type = start === 'click' ? 'click' : 'keydown';
        const onInput = (event: Event) => {
          if (start === 'enter' && (event as KeyboardEvent).key !== 'Enter') return;
          startedAt = event.timeStamp;
          window.removeEventListener(type, onInput, true);
          check();
        };
        const check = () => {
          if (startedAt === null || !shown()) return;
          const from = startedAt;
          const domAt = performance.now();
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => setTimeout(() => resolve({ paintedMs: performance.now() - from, domMs: domAt - from })));
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`paint probe: ${state} not shown within ${timeoutMs} ms`));
        }, timeoutMs);
        window.addEventListener(type, onInput, true);
      });
      // An unobserved rejection would be reported as a page error before the bench awaits it.
      w.__paintProbe.catch(() => undefined);
    },
    { start, state, timeoutMs },
  );
  return () => page.evaluate(() => (window as unknown as { __paintProbe: Promise<PaintTiming> }).__paintProbe);
}
