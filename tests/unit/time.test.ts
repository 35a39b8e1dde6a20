import { describe, expect, it } from 'vitest';
import { localDateString, localDayBounds, localParts, parseQueryDate } from '../../domain/time';

const BA = 'America/Argentina/Buenos_Aires';

describe('shop time zone', () => {
  it('Buenos Aires is UTC-3: 02:30Z is still the previous local day', () => {
    expect(localDateString('2026-11-21T02:30:00Z', BA)).toBe('2026-11-20');
    expect(localDateString('2026-11-21T03:00:00Z', BA)).toBe('2026-11-21');
    expect(localParts('2026-11-21T03:00:00Z', BA)).toMatchObject({ hour: 0, minute: 0 });
  });

  it('parses bare dates as whole local days', () => {
    expect(parseQueryDate('2026-11-01', BA, 'start').toISOString()).toBe('2026-11-01T03:00:00.000Z');
    expect(parseQueryDate('2026-11-30', BA, 'end').toISOString()).toBe('2026-12-01T02:59:59.999Z');
  });

  it('parses local date-times and ISO instants', () => {
    expect(parseQueryDate('2026-11-01 00:00:00', BA, 'start').toISOString()).toBe('2026-11-01T03:00:00.000Z');
    expect(parseQueryDate('2026-11-01T23:59:59', BA, 'end').toISOString()).toBe('2026-11-02T02:59:59.999Z');
    expect(parseQueryDate('2026-11-01T10:00:00Z', BA, 'start').toISOString()).toBe('2026-11-01T10:00:00.000Z');
    expect(Number.isNaN(parseQueryDate('ayer', BA, 'start').getTime())).toBe(true);
  });

  it('gives the UTC bounds of a local day, across a month end', () => {
    expect(localDayBounds('2026-12-01T01:00:00Z', BA)).toEqual({ start: '2026-11-30T03:00:00.000Z', end: '2026-12-01T02:59:59.999Z' });
  });
});
