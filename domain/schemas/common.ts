/** Building blocks shared by the request schemas. Import `z` from here so Spanish messages are on. */
import { z } from '../zod-es';

export { z };

/**
 * C0 control characters other than tab, line feed and carriage return, plus DEL. They have no place in
 * a name, a note or a search, and a NUL breaks SQLite's full-text MATCH: every text schema strips them.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
export const stripControl = (value: string) => value.replace(CONTROL_CHARACTERS, '');

/** The base of every free-text field (bodies and query strings): a string without control characters. */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(stripControl);

/** Optional free text: trims, and turns "" / null into null. */
export const optionalText = (max = 500) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Required text, trimmed, not empty. */
export const requiredText = (max = 200) =>
  text({ error: 'es obligatorio' }).trim().min(1, 'es obligatorio').max(max, `no puede superar ${max} caracteres`);

/** Positive integer id in a path or query (coerced from the string). */
export const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Whether a decimal amount is a whole number of cents (0.1 + 0.2 passes; 0.004 does not). */
export const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
export const TWO_DECIMALS_MESSAGE = 'no puede tener más de 2 decimales';

/** Money in the API: decimal number (or numeric string) ≥ 0 with at most 2 decimals. */
export const money = z.coerce
  .number({ error: 'debe ser un número' })
  .finite()
  .min(0, 'no puede ser negativo')
  .max(1e10, 'es demasiado grande')
  .refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE);

/** Query-string boolean: "true"/"false"/"1"/"0". */
export const queryBool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** A date (YYYY-MM-DD) or local date-time (YYYY-MM-DDTHH:mm[:ss] or with a space) in a query. */
export const dateQuery = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, 'no es una fecha válida (AAAA-MM-DD)');
