/** Contact and enquiry messages (docs/spec.md §3, §5). The length rule lives in domain/contact-rules.ts. */
import { CONTACT_STATUSES, LIMITS } from '../constants';
import { MSG } from '../messages';
import { dateQuery, optionalText, requiredText, text, z } from './common';

export const contactBody = z.object({
  name: requiredText(100),
  email: requiredText(120).pipe(z.email('no es un email válido')),
  phone: optionalText(40),
  subject: optionalText(200),
  /** Length rules (10–5000 after trim) are judged by contactMessageError so the reply carries the exact text. */
  message: requiredText(20000),
  productId: z.number().int().positive().nullish(),
});
export type ContactInput = z.output<typeof contactBody>;

export const contactListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.contactPageSize),
  status: z.enum(CONTACT_STATUSES).optional(),
  search: optionalText(100),
  startDate: dateQuery.optional(),
  endDate: dateQuery.optional(),
});
export type ContactListQuery = z.output<typeof contactListQuery>;

export const contactUpdateBody = z
  .object({
    status: z.enum(CONTACT_STATUSES).optional(),
    notes: text().trim().max(2000).nullable().transform((v) => v || null).optional(),
  })
  .refine((b) => b.status !== undefined || b.notes !== undefined, MSG.contactUpdateEmpty);
export type ContactUpdateInput = z.output<typeof contactUpdateBody>;

/** A contact message as the back office sees it. */
export const contactMessageDto = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  notes: z.string().nullable(),
  productId: z.number().int().nullable(),
  product: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
  responder: z.object({ fullName: z.string(), username: z.string() }).nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageDto>;

const count = z.number().int();
export const contactStatsDto = z.object({
  total: count,
  por_estado: z.object({ nuevos: count, leidos: count, respondidos: count, archivados: count }),
  recientes: z.object({ hoy: count, esta_semana: count }),
});
export type ContactStats = z.infer<typeof contactStatsDto>;

/** A received message's id (the public form's reply: nothing else about it). */
export const contactReceivedDto = z.object({ id: z.number().int() });
