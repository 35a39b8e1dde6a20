/**
 * The monotributo table form (issue #37.4): text values for the inputs (caps as the owner types them, "10.277.988,13"),
 * checked with the server's own schema (monotributoSettingsBody: letters, caps increasing, the category in the
 * table) so both sides say the same.
 */
import { monotributoSettingsBody, type MonotributoSettings, type MonotributoSettingsInput } from '../../../../domain/schemas/monotributo';

export interface MonotributoRow {
  category: string;
  cap: string;
}

export interface MonotributoFormValues {
  category: string | null;
  rows: MonotributoRow[];
  source: string;
  validFrom: string;
}

const capText = (cap: number) => new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cap);

export function settingsToForm(s: MonotributoSettings): MonotributoFormValues {
  return { category: s.category, rows: s.categories.map((c) => ({ category: c.category, cap: capText(c.cap) })), source: s.source, validFrom: s.validFrom };
}

const LABELS: Record<string, string> = { category: 'Categoría del comercio', categories: 'Tabla', source: 'Fuente', validFrom: 'Vigente desde' };

/** The PUT body, or the Spanish messages ("Tope de la fila 2: …"). */
export function parseMonotributoForm(values: MonotributoFormValues): { body: MonotributoSettingsInput; errors: null } | { body: null; errors: string[] } {
  const parsed = monotributoSettingsBody.safeParse({
    category: values.category,
    categories: values.rows.map((r) => ({ category: r.category, cap: r.cap.trim() === '' ? undefined : r.cap.trim().replace(/\./g, '').replace(',', '.') })),
    source: values.source,
    validFrom: values.validFrom,
  });
  if (parsed.success) return { body: parsed.data, errors: null };
  return {
    body: null,
    errors: parsed.error.issues.map((issue) => {
      const [field, row, column] = issue.path;
      if (field === 'categories' && typeof row === 'number') return `${column === 'cap' ? 'Tope' : 'Categoría'} de la fila ${row + 1}: ${issue.message}`;
      return `${LABELS[String(field)] ?? String(field)}: ${issue.message}`;
    }),
  };
}
