/**
 * The monotributo tracker's settings and figure (issue #37.4): the category table the admin edits (letters,
 * annual gross-income caps in pesos, its source and the date it applies from) and the shop's category, and
 * the dashboard's reply. The table must be one the rules can use: unique letters, caps strictly increasing.
 */
import { money, requiredText, z } from './common';
import { day } from './reports';

export const categoryLetter = z
  .string({ error: 'es obligatoria' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{1,2}$/, 'debe ser una letra (A a K)');

export const monotributoSettingsBody = z
  .object({
    /** The shop's current category, one of the table's letters; null while not chosen. */
    category: categoryLetter.nullable(),
    categories: z
      .array(z.object({ category: categoryLetter, cap: money.refine((v) => v > 0, 'debe ser mayor que cero') }), { error: 'debe ser una lista' })
      .min(1, 'debe tener al menos una categoría')
      .max(20, 'no puede tener más de 20 categorías'),
    source: requiredText(300),
    /** The day the table applies from, YYYY-MM-DD. */
    validFrom: day,
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.categories.forEach((c, i) => {
      if (seen.has(c.category)) ctx.addIssue({ code: 'custom', path: ['categories', i, 'category'], message: `la categoría ${c.category} está repetida` });
      seen.add(c.category);
      const before = v.categories[i - 1];
      if (before && c.cap <= before.cap) ctx.addIssue({ code: 'custom', path: ['categories', i, 'cap'], message: `el tope de ${c.category} debe ser mayor que el de ${before.category}` });
    });
    if (v.category !== null && !seen.has(v.category)) ctx.addIssue({ code: 'custom', path: ['category'], message: `la categoría ${v.category} no está en la tabla` });
  });
export type MonotributoSettingsInput = z.output<typeof monotributoSettingsBody>;

export const monotributoSettingsDto = z.object({
  category: z.string().nullable(),
  categories: z.array(z.object({ category: z.string(), cap: z.number() })),
  source: z.string(),
  validFrom: z.string(),
  updatedAt: z.string(),
});
export type MonotributoSettings = z.infer<typeof monotributoSettingsDto>;

/** ?date=YYYY-MM-DD: the figure as of that local day (default today in the shop's zone). */
export const monotributoQuery = z.object({ date: day.optional() });

const capRow = z.object({ category: z.string(), cap: z.number() });
const window = z.object({ from: z.string(), to: z.string() });

export const monotributoStatusDto = z.discriminatedUnion('applies', [
  /** Not a monotributo issuer (or no issuer yet): nothing to track. */
  z.object({ applies: z.literal(false), reason: z.string() }),
  z.object({
    applies: z.literal(true),
    asOf: z.string(),
    window,
    /** Invoices, credit notes (positive) and invoices minus credit notes, in pesos. */
    invoiced: z.number(),
    credited: z.number(),
    total: z.number(),
    vouchers: z.number().int(),
    current: capRow.nullable(),
    next: capRow.nullable(),
    atTop: z.boolean(),
    percent: z.number().nullable(),
    level: z.union([z.literal(0), z.literal(80), z.literal(90), z.literal(100)]),
    over: z.boolean(),
    fitsIn: z.string().nullable(),
    recategorisations: z.array(z.object({ month: z.string(), opens: z.string(), deadline: z.string(), evaluates: window })),
    source: z.string(),
    validFrom: z.string(),
  }),
]);
export type MonotributoStatus = z.infer<typeof monotributoStatusDto>;
