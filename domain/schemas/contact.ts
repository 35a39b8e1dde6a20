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
