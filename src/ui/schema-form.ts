/**
 * Forms check their values with the domain's request schema, the same one the server applies (one zod
 * schema per action), so the screen and the API refuse the same input for the same reason. A field the
 * form shows gets "<subject> <reason>" under it ("El precio" + "es obligatorio"); an issue of a field it
 * does not show goes to `form`, worded as the server's 400 ("Imagen: debe ser ...").
 */
import type { z } from 'zod';
import { fieldLabel } from '../../domain/field-labels';

/** One message per shown field, plus `form` for the rest. */
export type FieldErrors<F extends string> = Partial<Record<F | 'form', string>>;

export type SchemaCheck<T, F extends string> = { data: T; errors: null } | { data: null; errors: FieldErrors<F> };

/** `subjects`: each shown field's subject with its article, e.g. { name: 'El nombre', price: 'El precio' }. */
export function checkWithSchema<S extends z.ZodType, F extends string>(schema: S, input: unknown, subjects: Record<F, string>): SchemaCheck<z.output<S>, F> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: FieldErrors<F> = {};
  const others: string[] = [];
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field in subjects) errors[field as F] ??= `${subjects[field as F]} ${issue.message}`;
    else others.push(fieldLabel(issue.path) ? `${fieldLabel(issue.path)}: ${issue.message}` : issue.message);
  }
  if (others.length > 0) errors.form = others.join('; ');
  return { data: null, errors };
}
