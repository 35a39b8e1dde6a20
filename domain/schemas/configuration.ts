/**
 * Configuration entries (docs/spec.md §3): clave/valor strings grouped by categoria, typed by `tipo`.
 * The sales-numbering keys (categoria "ventas") have extra rules, kept here as pure functions so the
 * server and the settings screen judge a value the same way:
 * - formato uses only {prefijo} {año} {mes} {dia} {numero} {numero:NNd} {sucursal}, must contain
 *   {numero} or {numero:NNd} (NN from 1 to 12), at most 100 characters;
 * - prefijo and sucursal at most 10 characters and without braces.
 */
import { RETURN_RULES_CATEGORY, returnRuleValueError } from '../sale-returns-rules';
import { optionalText, text, z } from './common';

export const CONFIG_TYPES = ['string', 'number', 'boolean', 'json'] as const;
export type ConfigType = (typeof CONFIG_TYPES)[number];

export const NUMBERING_CATEGORY = 'ventas';

/**
 * What sellers (vendedores) may read, set by the admin (configuration entries of categoria
 * "privacidad", booleans): product cost (off by default) and customers' document and e-mail on sales
 * (on by default, as the spec allows). The server leaves the hidden fields out of every seller reply.
 */
export const VISIBILITY_CATEGORY = 'privacidad';
export const VISIBILITY_ENTRIES = [
  { clave: 'vendedores_ven_costos', valor: 'false', descripcion: 'Los vendedores ven el costo de los productos' },
  { clave: 'vendedores_ven_clientes', valor: 'true', descripcion: 'Los vendedores ven el documento y el e-mail de los clientes' },
] as const;
export type VisibilityKey = (typeof VISIBILITY_ENTRIES)[number]['clave'];

/** The numbering variables and what each one writes, for the settings screen's help list. */
export const NUMBERING_VARIABLES = [
  { token: '{prefijo}', description: 'Prefijo configurado (ej. V)' },
  { token: '{año}', description: 'Año con 4 dígitos' },
  { token: '{mes}', description: 'Mes con 2 dígitos' },
  { token: '{dia}', description: 'Día con 2 dígitos' },
  { token: '{numero}', description: 'Número de venta sin ceros a la izquierda' },
  { token: '{numero:NNd}', description: 'Número de venta con ceros hasta NN dígitos (ej. {numero:04d} → 0001)' },
  { token: '{sucursal}', description: 'Identificador de sucursal' },
] as const;

export const NUMBERING_LIMITS = { formatoMax: 100, prefijoMax: 10, sucursalMax: 10, padMin: 1, padMax: 12 } as const;

const SIMPLE_VARIABLES = new Set(['prefijo', 'año', 'mes', 'dia', 'numero', 'sucursal']);
const VALID_LIST = NUMBERING_VARIABLES.map((v) => v.token).join(', ');

/** Why a numbering format is unusable, as a Spanish sentence naming the field; null when it is fine. */
export function numberingFormatError(formato: string): string | null {
  if (formato.length > NUMBERING_LIMITS.formatoMax) return `Formato: no puede superar los ${NUMBERING_LIMITS.formatoMax} caracteres`;
  const tokens = [...formato.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
  if (/[{}]/.test(formato.replace(/\{[^{}]*\}/g, ''))) return 'Formato: hay una llave { o } sin cerrar';
  const unknown = tokens.filter((t) => !SIMPLE_VARIABLES.has(t) && !/^numero:\d{1,2}d$/.test(t));
  if (unknown.length > 0) {
    const names = [...new Set(unknown)].map((t) => `{${t}}`).join(', ');
    return `Formato: ${unknown.length === 1 ? 'variable desconocida' : 'variables desconocidas'} ${names}. Variables válidas: ${VALID_LIST}`;
  }
  const widths = tokens.filter((t) => t.startsWith('numero:')).map((t) => Number(t.slice(7, -1)));
  if (widths.some((w) => w < NUMBERING_LIMITS.padMin || w > NUMBERING_LIMITS.padMax)) {
    return `Formato: el ancho de {numero:NNd} debe estar entre ${NUMBERING_LIMITS.padMin} y ${NUMBERING_LIMITS.padMax}`;
  }
  if (!tokens.some((t) => t === 'numero' || t.startsWith('numero:'))) return 'Formato: debe incluir {numero} o {numero:NNd}';
  return null;
}

function shortCodeError(label: string, value: string, max: number): string | null {
  if (value.length > max) return `${label}: no puede superar los ${max} caracteres`;
  if (/[{}]/.test(value)) return `${label}: no puede contener llaves { }`;
  return null;
}

/** Rules of the sales-numbering keys; other keys of "ventas" have none beyond their type. */
export function numberingValueError(clave: string, valor: string): string | null {
  if (clave === 'formato') return numberingFormatError(valor);
  if (clave === 'prefijo') return shortCodeError('Prefijo', valor, NUMBERING_LIMITS.prefijoMax);
  if (clave === 'sucursal') return shortCodeError('Sucursal', valor, NUMBERING_LIMITS.sucursalMax);
  return null;
}

/** Whether `valor` fits `tipo` (values are always stored as strings). */
export function typedValueError(tipo: string, valor: string): string | null {
  if (tipo === 'number' && !/^-?\d+(\.\d+)?$/.test(valor)) return 'Valor: debe ser un número';
  if (tipo === 'boolean' && valor !== 'true' && valor !== 'false') return 'Valor: debe ser true o false';
  if (tipo === 'json') {
    try {
      JSON.parse(valor);
    } catch {
      return 'Valor: no es JSON válido';
    }
  }
  return null;
}

/** Every rule a value must pass for its entry; null when it may be saved. */
export function configValueError(categoria: string, clave: string, tipo: string, valor: string): string | null {
  return (
    typedValueError(tipo, valor) ??
    (categoria === NUMBERING_CATEGORY ? numberingValueError(clave, valor) : null) ??
    // The owner's rules for sellers' returns (domain/sale-returns-rules.ts).
    (categoria === RETURN_RULES_CATEGORY ? returnRuleValueError(clave, valor) : null)
  );
}

const configName = text({ error: 'es obligatorio' })
  .trim()
  .regex(/^[a-z0-9_]{1,50}$/, 'solo minúsculas, números y guion bajo (hasta 50)');
const configValor = text({ error: 'es obligatorio y debe ser texto' }).trim().max(1000);

export const configurationQuery = z.object({ categoria: configName.optional() });
export const configKeyParams = z.object({ categoria: configName, clave: configName });
export const updateConfigBody = z.object({ valor: configValor });
export const createConfigBody = z.object({
  categoria: configName,
  clave: configName,
  valor: configValor,
  tipo: z.enum(CONFIG_TYPES).default('string'),
  descripcion: optionalText(300),
  esEditable: z.boolean().default(true),
});

export type CreateConfigInput = z.output<typeof createConfigBody>;

/** A configuration entry as the API returns it. */
export const configEntryDto = z.object({
  categoria: z.string(),
  clave: z.string(),
  valor: z.string(),
  tipo: z.string(),
  descripcion: z.string().nullable(),
  esEditable: z.boolean(),
});
export type ConfigEntry = z.infer<typeof configEntryDto>;
