/**
 * Contact and enquiry messages (spec §3, §5). The message length rule is a pure function so the forms
 * and the server give the same exact texts: trimmed, at least 10 and at most 5000 characters.
 */
import { CONTACT_STATUSES, LIMITS } from '../constants';
import { MSG } from '../messages';
import { dateQuery, optionalText, requiredText, z } from './common';

/** The spec's warning for a message that is too short or too long after trimming; null when fine. */
export function contactMessageError(message: string): string | null {
  const length = message.trim().length;
  if (length < LIMITS.contactMessageMin) return MSG.contactMessageTooShort;
  if (length > LIMITS.contactMessageMax) return MSG.contactMessageTooLong;
  return null;
}

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
    notes: z.string().trim().max(2000).nullable().transform((v) => v || null).optional(),
  })
  .refine((b) => b.status !== undefined || b.notes !== undefined, MSG.contactUpdateEmpty);
export type ContactUpdateInput = z.output<typeof contactUpdateBody>;

/** A contact message as the back office sees it. */
export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
  status: (typeof CONTACT_STATUSES)[number];
  notes: string | null;
  productId: number | null;
  product: { id: number; name: string } | null;
  createdAt: string;
  respondedAt: string | null;
  responder: { fullName: string; username: string } | null;
}

export interface ContactStats {
  total: number;
  por_estado: { nuevos: number; leidos: number; respondidos: number; archivados: number };
  recientes: { hoy: number; esta_semana: number };
}
