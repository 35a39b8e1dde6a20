/**
 * Official sale numbers (docs/spec.md §5 "Numbering format variables").
 * Variables: {prefijo}, {sucursal}, {año} (also {anio}), {mes}, {dia}, {numero}, {numero:NNd}
 * (zero-padded to NN digits). Day parts come from the sale's capture instant in the shop's time zone,
 * so a sale rung up at 23:59 local time carries that local day even though UTC has moved on.
 * Invariant: every number contains the counter. A format without {numero} would give every sale of a
 * day the same number, so the counter is appended ("-{numero}") — the settings screen can warn first
 * with formatHasCounter. The counter itself advances on the server, inside the sale's transaction.
 */
import { NUMBERING_DEFAULTS } from './constants';
import { localParts } from './time';

export interface NumberingSettings {
  prefijo: string;
  formato: string;
  sucursal: string;
}

const COUNTER_RE = /\{numero(?::\d{1,2}d)?\}/;
const TOKEN_RE = /\{(prefijo|sucursal|año|anio|mes|dia|numero(?::(\d{1,2})d)?)\}/g;
const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** True when the format contains {numero} or {numero:NNd}. */
export function formatHasCounter(formato: string): boolean {
  return COUNTER_RE.test(formato);
}

/** The format actually used: the configured one, the default when blank, the counter appended when missing. */
export function effectiveFormat(formato: string): string {
  const trimmed = formato.trim() || NUMBERING_DEFAULTS.formato;
  return formatHasCounter(trimmed) ? trimmed : `${trimmed}-{numero}`;
}

/** The sale number for counter value `numero` of a sale captured at `instant` (one pass: values are never re-read as tokens). */
export function formatSaleNumber(settings: NumberingSettings, numero: number, instant: Date | string | number, timeZone: string): string {
  const day = localParts(instant, timeZone);
  return effectiveFormat(settings.formato).replace(TOKEN_RE, (_match, token: string, width: string | undefined) => {
    if (token.startsWith('numero')) return width ? pad(numero, Number(width)) : String(numero);
    if (token === 'prefijo') return settings.prefijo;
    if (token === 'sucursal') return settings.sucursal;
    if (token === 'mes') return pad(day.month, 2);
    if (token === 'dia') return pad(day.day, 2);
    return String(day.year);
  });
}

/** Settings screen preview: the number the next sale would get now (numero_actual is the NEXT number). */
export function previewSaleNumber(
  settings: Partial<NumberingSettings> & { numero_actual?: string | number },
  now: Date | string | number,
  timeZone: string,
): string {
  const next = Math.max(1, Math.trunc(Number(settings.numero_actual ?? NUMBERING_DEFAULTS.numero_actual)) || 1);
  return formatSaleNumber(
    {
      prefijo: settings.prefijo ?? NUMBERING_DEFAULTS.prefijo,
      formato: settings.formato ?? NUMBERING_DEFAULTS.formato,
      sucursal: settings.sucursal ?? NUMBERING_DEFAULTS.sucursal,
    },
    next,
    now,
    timeZone,
  );
}
