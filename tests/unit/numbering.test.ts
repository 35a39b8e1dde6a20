import { describe, expect, it } from 'vitest';
import { effectiveFormat, formatHasCounter, formatSaleNumber, previewSaleNumber } from '../../domain/numbering';

const BA = 'America/Argentina/Buenos_Aires';
const settings = { prefijo: 'V', formato: '{prefijo}{año}{mes}{dia}-{numero:04d}', sucursal: '001' };

describe('formatSaleNumber', () => {
  it.each([
    ['{prefijo}{año}{mes}{dia}-{numero:04d}', 1, 'V20261121-0001'],
    ['{prefijo}{año}{mes}{dia}-{numero:04d}', 12345, 'V20261121-12345'],
    ['{prefijo}-{numero:06d}', 42, 'V-000042'],
    ['{prefijo}-{numero}', 7, 'V-7'],
    ['{sucursal}-{numero:08d}', 3, '001-00000003'],
    ['{dia}/{mes}/{año} #{numero}', 9, '21/11/2026 #9'],
    ['{anio}{mes}-{numero:2d}', 5, '202611-05'],
    ['F{numero:04d}{numero:04d}', 12, 'F00120012'],
    ['{prefijo}{desconocido}-{numero}', 1, 'V{desconocido}-1'],
    ['{prefijo}{año}', 15, 'V2026-15'],
    ['', 1, 'V20261121-0001'],
  ])('%s with counter %i → %s', (formato, numero, expected) => {
    expect(formatSaleNumber({ ...settings, formato }, numero, '2026-11-21T15:00:00Z', BA)).toBe(expected);
  });

  it('takes the day in Buenos Aires time: 2026-11-21T02:59Z is still the 20th', () => {
    expect(formatSaleNumber(settings, 1, '2026-11-21T02:59:59Z', BA)).toBe('V20261120-0001');
    expect(formatSaleNumber(settings, 1, '2026-11-21T03:00:00Z', BA)).toBe('V20261121-0001');
    expect(formatSaleNumber(settings, 1, '2027-01-01T02:30:00Z', BA)).toBe('V20261231-0001');
    expect(formatSaleNumber(settings, 1, '2026-11-21T02:59:59Z', 'UTC')).toBe('V20261121-0001');
  });

  it('never re-reads a prefix as a variable', () => {
    expect(formatSaleNumber({ ...settings, prefijo: '{mes}' }, 1, '2026-11-21T15:00:00Z', BA)).toBe('{mes}20261121-0001');
  });
});

describe('counter presence', () => {
  it('appends the counter to a format without one, so numbers stay distinct', () => {
    expect(formatHasCounter('{prefijo}{año}')).toBe(false);
    expect(formatHasCounter('{numero:06d}')).toBe(true);
    expect(effectiveFormat('{prefijo}{año}')).toBe('{prefijo}{año}-{numero}');
    expect(effectiveFormat('  ')).toBe('{prefijo}{año}{mes}{dia}-{numero:04d}');
  });
});

describe('previewSaleNumber', () => {
  it('shows the number the next sale would get, with the spec defaults', () => {
    expect(previewSaleNumber({}, '2026-11-21T15:00:00Z', BA)).toBe('V20261121-0001');
    expect(previewSaleNumber({ prefijo: 'T', formato: '{prefijo}-{numero:06d}', numero_actual: '57' }, '2026-11-21T15:00:00Z', BA)).toBe('T-000057');
    expect(previewSaleNumber({ numero_actual: 'x' }, '2026-11-21T15:00:00Z', BA)).toBe('V20261121-0001');
  });
});
