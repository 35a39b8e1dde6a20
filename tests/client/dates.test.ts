/**
 * The client shows dates in the shop's time zone, the one the server's business-info reply carries
 * (SHOP_TIME_ZONE), not in the device's nor in a constant.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../domain/constants';
import { formatDate, formatDateTime, formatTime, getShopTimeZone, setShopTimeZone, todayString } from '../../src/ui/dates';

// 02:30 UTC on the 21st: still the 20th in Buenos Aires (UTC−3), already 03:30 of the 21st in Madrid (UTC+1).
const INSTANT = '2026-11-21T02:30:00.000Z';

afterEach(() => setShopTimeZone(DEFAULT_TIME_ZONE));

describe('dates in the shop’s time zone', () => {
  it('uses Buenos Aires until the server names another zone', () => {
    expect(getShopTimeZone()).toBe('America/Argentina/Buenos_Aires');
    expect(formatDateTime(INSTANT)).toBe('20/11/2026 23:30');
    expect(formatDate(INSTANT)).toBe('20/11/2026');
    expect(todayString(new Date(INSTANT))).toBe('2026-11-20');
  });

  it('follows the zone of the business-info reply, in the back office and at the counter', () => {
    setShopTimeZone('Europe/Madrid');
    expect(formatDateTime(INSTANT)).toBe('21/11/2026 03:30');
    expect(todayString(new Date(INSTANT))).toBe('2026-11-21');
    expect(formatTime(INSTANT)).toBe('03:30');
  });

  it('shows a 24-hour clock at the counter and in the back office, never "p. m."', () => {
    const evening = '2026-11-21T21:05:00.000Z';
    expect(formatTime(evening)).toBe('18:05');
    expect(formatDateTime(evening)).toBe('21/11/2026 18:05');
  });

  it('keeps the current zone when the reply names an unknown one or none', () => {
    setShopTimeZone('Europe/Madrid');
    setShopTimeZone('Marte/Olympus_Mons');
    setShopTimeZone(undefined);
    expect(getShopTimeZone()).toBe('Europe/Madrid');
  });
});
