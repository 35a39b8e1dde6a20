/**
 * Spanish validation messages for every zod schema (both sides import this once at start). zod's own
 * Spanish locale speaks like a parser ("Entrada inválida: se esperaba número, recibido NaN"); the
 * common issues are reworded here as a shop owner reads them ("debe ser un número", "no puede superar
 * 200 caracteres"), and the locale remains the fallback for the rest. A schema's own message wins.
 */
import { z } from 'zod';

const TYPE_NAMES: Record<string, string> = {
  number: 'un número',
  int: 'un número entero',
  bigint: 'un número entero',
  string: 'texto',
  boolean: 'verdadero o falso',
  array: 'una lista',
  object: 'un objeto',
  date: 'una fecha',
};

const oneOf = (values: string[]) => (values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} o ${values[values.length - 1]}`);
const quantity = (n: number | bigint) => Number(n).toLocaleString('es-AR');

/** The owner-facing wording of an issue, or undefined to use zod's Spanish locale. */
export function plainSpanish(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'es obligatorio';
      return TYPE_NAMES[issue.expected] ? `debe ser ${TYPE_NAMES[issue.expected]}` : undefined;
    case 'too_big':
      if (issue.origin === 'string') return `no puede superar ${quantity(issue.maximum)} caracteres`;
      if (issue.origin === 'number' || issue.origin === 'int') return `no puede ser mayor que ${quantity(issue.maximum)}`;
      if (issue.origin === 'array') return `admite como máximo ${quantity(issue.maximum)} elementos`;
      return undefined;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'es obligatorio' : `debe tener al menos ${quantity(issue.minimum)} caracteres`;
      if (issue.origin === 'number' || issue.origin === 'int') {
        return Number(issue.minimum) === 0 && !issue.inclusive ? 'debe ser mayor que 0' : `no puede ser menor que ${quantity(issue.minimum)}`;
      }
      if (issue.origin === 'array') return `debe tener al menos ${quantity(issue.minimum)} elemento(s)`;
      return undefined;
    case 'invalid_value':
      return issue.values.length <= 8 ? `debe ser ${oneOf(issue.values.map(String))}` : 'no es un valor válido';
    case 'invalid_format':
      return issue.format === 'email' ? 'debe ser un email válido' : 'no tiene un formato válido';
    default:
      return undefined;
  }
}

z.config(z.locales.es());
z.config({ customError: plainSpanish });
// In the browser, zod must not probe `new Function` for its fast path: the Content-Security-Policy
// forbids eval, and the probe alone reports a violation. The server keeps the compiled fast path.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
