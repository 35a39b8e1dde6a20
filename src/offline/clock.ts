/**
 * This device's clock against the server's (issue #29 item 2, domain/clock.ts). Every push and pull reply
 * carries `serverTime` (withServerClock wraps the transport); from it this module knows the real time:
 * - in this page: the server time of the last reply plus the monotonic time since (performance.now). A
 *   clock set back, or fixed, while the page runs is seen at once, online or not. Monotonic time may stop
 *   while the tablet sleeps, so a device clock AHEAD of that estimate is wrong only if it already was at
 *   the last reply (else the next reply tells: the engine syncs on wake-up, focus and every 30 s);
 * - after a reload with no reply yet, from the skew stored in Dexie meta ('clock') at the last reply, and a
 *   clock that went back before the last server time seen is wrong too.
 * Sales are never refused for their time (the server books an impossible one on its receipt time): the
 * warning is for the cashier to fix the tablet.
 */
import { CLOCK_TOLERANCE_MS } from '../../domain/clock';
import { getMeta, setMeta } from './db';
import type { Reply, SyncTransport } from './transport';

/** What the last reply said, stored (survives a reload). */
export interface ClockCheck {
  /** Device clock minus server clock (ms) at the last reply. */
  skewMs: number;
  /** The server's time then (ms epoch). */
  serverMs: number;
}

/** The clock looks wrong: what it says and, when known, the real time (ms epoch). */
export interface ClockWarning {
  deviceMs: number;
  serverMs: number | null;
}

let live: { serverMs: number; perfMs: number } | null = null;
/** The check last written to Dexie by this page: a reply that changes little writes nothing. */
let written: ClockCheck | null = null;
/** Rewrite the stored check when its skew moved this much, or when it is this old (the "went back" test reads serverMs). */
const REWRITE_SKEW_MS = 1000;
const REWRITE_AGE_MS = 10 * 60_000;

/** Notes a reply's server time for a request sent at `sentPerf` and answered at `answeredPerf` (performance.now). */
export async function noteServerTime(serverTime: string, sentPerf: number, answeredPerf: number, now = Date.now()): Promise<void> {
  const server = Date.parse(serverTime);
  if (!Number.isFinite(server)) return;
  // The server stamped its reply somewhere during the round trip: take the midpoint.
  const serverAtAnswer = server + (answeredPerf - sentPerf) / 2;
  live = { serverMs: serverAtAnswer, perfMs: answeredPerf };
  const check = { skewMs: now - serverAtAnswer, serverMs: serverAtAnswer };
  if (written && Math.abs(written.skewMs - check.skewMs) < REWRITE_SKEW_MS && check.serverMs - written.serverMs < REWRITE_AGE_MS) return;
  written = check;
  await setMeta('clock', check);
}

/** Whether the clock is wrong now (null: it looks right). `stored`: the last check kept in Dexie. */
export function clockWarning(stored: ClockCheck | undefined, now = Date.now(), perf = performance.now()): ClockWarning | null {
  const storedAhead = stored !== undefined && stored.skewMs > CLOCK_TOLERANCE_MS;
  if (live) {
    // A lower bound of the real time (monotonic time may have stopped while the tablet slept).
    const serverMs = live.serverMs + (perf - live.perfMs);
    const offMs = now - serverMs;
    if (offMs < -CLOCK_TOLERANCE_MS) return { deviceMs: now, serverMs };
    if (offMs <= CLOCK_TOLERANCE_MS) return null;
    // Ahead of the estimate: a sleep, or a clock moved forward; wrong if it already was at the last reply.
    return storedAhead ? { deviceMs: now, serverMs: now - stored.skewMs } : null;
  }
  if (!stored) return null;
  if (Math.abs(stored.skewMs) > CLOCK_TOLERANCE_MS) return { deviceMs: now, serverMs: now - stored.skewMs };
  if (now < stored.serverMs - CLOCK_TOLERANCE_MS) return { deviceMs: now, serverMs: null };
  return null;
}

/** The stored check (for clockWarning after a reload). */
export const storedClock = () => getMeta('clock');

/** The transport, noting the server time of every push and pull reply. */
export function withServerClock(transport: SyncTransport): SyncTransport {
  const timed = async <T extends { serverTime?: string }>(request: () => Promise<Reply<T>>): Promise<Reply<T>> => {
    const sent = performance.now();
    const reply = await request();
    if (reply.success && reply.data.serverTime) await noteServerTime(reply.data.serverTime, sent, performance.now());
    return reply;
  };
  return {
    ...transport,
    push: (body, device) => timed(() => transport.push(body, device)),
    pull: (params, device) => timed(() => transport.pull(params, device)),
  };
}

/** Forgets what this page knew (unit tests). */
export function resetClock(): void {
  live = null;
  written = null;
}
