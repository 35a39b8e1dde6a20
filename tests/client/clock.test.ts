/**
 * Issue #29 item 2: the counter knows its clock is wrong from the server time of each sync reply
 * (src/offline/clock.ts), in the page (monotonic time since the reply) and after a reload (stored skew).
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLOCK_TOLERANCE_MS } from '../../domain/clock';
import { clockWarning, noteServerTime, resetClock, storedClock, withServerClock } from '../../src/offline/clock';
import { clearAll } from '../../src/offline/db';
import type { SyncTransport } from '../../src/offline/transport';

const year = 365 * 86_400_000;
const serverNow = Date.UTC(2026, 10, 26, 20, 0, 0);

describe('the counter clock check', () => {
  beforeEach(async () => {
    resetClock();
    await clearAll();
  });

  it('a tablet in the year 2000 is wrong, with the real time known; a few seconds off is right', async () => {
    const device = Date.UTC(2000, 0, 1);
    await noteServerTime(new Date(serverNow).toISOString(), 100, 300, device);
    const warning = clockWarning(await storedClock(), device, 300);
    expect(warning).toEqual({ deviceMs: device, serverMs: serverNow + 100 });
    // Ten minutes later (monotonic), the real time moved on with it.
    expect(clockWarning(await storedClock(), device + 600_000, 600_300)?.serverMs).toBe(serverNow + 100 + 600_000);
    // The cashier fixes the clock while the page runs: right at once, with no reply needed.
    expect(clockWarning(await storedClock(), serverNow + 100 + 600_000, 600_300)).toBeNull();
    resetClock();
    await noteServerTime(new Date(serverNow).toISOString(), 0, 0, serverNow + 3000);
    expect(clockWarning(await storedClock(), serverNow + 3000, 0)).toBeNull();
  });

  it('after a reload, the stored skew says so; a clock back before the last server time seen is wrong too', async () => {
    await noteServerTime(new Date(serverNow).toISOString(), 0, 0, serverNow + year);
    resetClock();
    expect(clockWarning(await storedClock(), serverNow + year + 5000, 0)).toEqual({ deviceMs: serverNow + year + 5000, serverMs: serverNow + 5000 });
    await clearAll();
    await noteServerTime(new Date(serverNow).toISOString(), 0, 0, serverNow);
    resetClock();
    expect(clockWarning(await storedClock(), serverNow + 60_000, 0)).toBeNull();
    // The battery died and the tablet booted in 1970: before what the server said last time.
    expect(clockWarning(await storedClock(), 0, 0)).toEqual({ deviceMs: 0, serverMs: null });
    expect(clockWarning(await storedClock(), serverNow - CLOCK_TOLERANCE_MS + 1000, 0)).toBeNull();
  });

  it('a tablet that slept (monotonic time stopped) is not called wrong; a clock already ahead stays wrong', async () => {
    await noteServerTime(new Date(serverNow).toISOString(), 0, 0, serverNow);
    // Eight hours asleep: the device clock ran on, performance.now() did not.
    expect(clockWarning(await storedClock(), serverNow + 8 * 3_600_000, 1000)).toBeNull();
    // Set back a day while the page runs: wrong at once.
    expect(clockWarning(await storedClock(), serverNow - 86_400_000, 1000)?.serverMs).toBe(serverNow + 1000);
    resetClock();
    await clearAll();
    await noteServerTime(new Date(serverNow).toISOString(), 0, 0, serverNow + year);
    expect(clockWarning(await storedClock(), serverNow + year + 8 * 3_600_000, 1000)).toEqual({
      deviceMs: serverNow + year + 8 * 3_600_000,
      serverMs: serverNow + 8 * 3_600_000,
    });
  });

  it('the transport notes the server time of push and pull replies, not of failures', async () => {
    const reply = { success: true as const, data: { serverTime: new Date(Date.now() + 2 * year).toISOString() } };
    const transport = withServerClock({
      push: async () => reply,
      pull: async () => ({ success: false, kind: 'network', status: 0, message: 'sin red' }),
    } as unknown as SyncTransport);
    await transport.pull({ since: 0 }, { deviceId: 'd', deviceKey: 'k' });
    expect(await storedClock()).toBeUndefined();
    await transport.push({} as never, { deviceId: 'd', deviceKey: 'k' });
    expect(clockWarning(await storedClock())).not.toBeNull();
  });
});
