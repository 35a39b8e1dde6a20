/** Building blocks shared by the request schemas. Import `z` from here so Spanish messages are on. */
import { z } from '../zod-es';

export { z };

/** Optional free text: trims, and turns "" / null into null. */
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Required text, trimmed, not empty. */
export const requiredText = (max = 200) => z.string({ error: 'es obligatorio' }).trim().min(1, 'es obligatorio').max(max);

/** Positive integer id in a path or query (coerced from the string). */
export const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Money in the API: decimal number (or numeric string) ≥ 0 with at most 2 decimals. */
export const money = z.coerce
  .number({ error: 'debe ser un número' })
  .finite()
  .min(0, 'no puede ser negativo')
  .max(1e10, 'es demasiado grande');

/** Query-string boolean: "true"/"false"/"1"/"0". */
export const queryBool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** A date (YYYY-MM-DD) or local date-time (YYYY-MM-DDTHH:mm[:ss] or with a space) in a query. */
export const dateQuery = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, 'no es una fecha válida (AAAA-MM-DD)');
