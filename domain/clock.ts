/**
 * Device clocks (issue #29 item 2, docs/sync.md "La fecha de una venta"). A captured sale is never refused
 * for its time: the server books it on its device's time when that time is possible, else on the time the
 * server received it, and flags it for the owner. The counter compares its clock with the server's on every
 * reply that carries `serverTime` and warns the cashier when they differ by more than CLOCK_TOLERANCE_MS
 * (src/offline/clock.ts).
 */

/** How far a device clock may drift from the server's unnoticed (a sale may say it came a bit after it arrived). */
export const CLOCK_TOLERANCE_MS = 5 * 60_000;
/**
 * How long before a device's first visit a sale of it may say it was captured: a device signs in online,
 * and so registers, before it can sell; the margin absorbs a slow clock and a tablet that had to register
 * under a fresh id with sales already queued. 1970 or the year 2000 are a clock reset, never a real sale.
 */
export const MAX_BEFORE_DEVICE_MS = 30 * 24 * 60 * 60_000;

/** `ahead`: later than it reached the server; `behind`: before its device existed; `ok`: possible. */
export type CaptureClock = 'ok' | 'ahead' | 'behind';

export interface Booking {
  clock: CaptureClock;
  /** The instant (UTC ISO) the sale is booked on: its capture time when possible, else `receivedAt`. */
  bookedAt: string;
}

/** Where a pushed sale is booked (pure; see the header). */
export function bookCapture(capturedAt: string, receivedAt: Date, deviceCreatedAt: string): Booking {
  const captured = Date.parse(capturedAt);
  const clock: CaptureClock =
    captured > receivedAt.getTime() + CLOCK_TOLERANCE_MS ? 'ahead' : captured < Date.parse(deviceCreatedAt) - MAX_BEFORE_DEVICE_MS ? 'behind' : 'ok';
  return { clock, bookedAt: clock === 'ok' ? new Date(captured).toISOString() : receivedAt.toISOString() };
}
