/**
 * The numbering tab's values and rules: the keys saved one PUT each (prefijo, formato, sucursal), the
 * same validation as the server (domain/schemas/configuration) and the preview computed by the same
 * formatter the server uses (domain/numbering).
 */
import { NUMBERING_DEFAULTS } from '../../../../domain/constants';
import { previewSaleNumber } from '../../../../domain/numbering';
import { numberingValueError, type ConfigEntry } from '../../../../domain/schemas/configuration';
import { getShopTimeZone } from '../../../ui/dates';

export const EDITABLE_KEYS = ['prefijo', 'formato', 'sucursal'] as const;
export type NumberingKey = (typeof EDITABLE_KEYS)[number];
export type NumberingValues = Record<NumberingKey, string>;

export const EXAMPLE_FORMATS = [
  '{prefijo}{año}{mes}{dia}-{numero:04d}',
  '{prefijo}-{numero:06d}',
  '{sucursal}-{numero:08d}',
  '{prefijo}{sucursal}-{año}{mes}-{numero:05d}',
] as const;

const valueOf = (entries: ConfigEntry[], clave: string) => entries.find((e) => e.clave === clave)?.valor;

export function entriesToValues(entries: ConfigEntry[]): NumberingValues {
  return {
    prefijo: valueOf(entries, 'prefijo') ?? NUMBERING_DEFAULTS.prefijo,
    formato: valueOf(entries, 'formato') ?? NUMBERING_DEFAULTS.formato,
    sucursal: valueOf(entries, 'sucursal') ?? NUMBERING_DEFAULTS.sucursal,
  };
}

/** The counter the next sale gets (numero_actual is the NEXT number). */
export function currentCounter(entries: ConfigEntry[]): string {
  return valueOf(entries, 'numero_actual') ?? NUMBERING_DEFAULTS.numero_actual;
}

export function numberingErrors(values: NumberingValues): Partial<Record<NumberingKey, string>> {
  const errors: Partial<Record<NumberingKey, string>> = {};
  for (const key of EDITABLE_KEYS) {
    const error = numberingValueError(key, values[key]);
    if (error) errors[key] = error;
  }
  return errors;
}

/** The number the next sale would get now with these values. */
export function previewNumber(values: NumberingValues, counter: string, now: Date = new Date(), formato = values.formato): string {
  return previewSaleNumber({ ...values, formato, numero_actual: counter }, now, getShopTimeZone());
}
