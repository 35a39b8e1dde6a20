/**
 * Contact messages. Invariants: a stored message passed the spec's length rule (10–5000 after trim) and
 * names an existing product or none; when a message becomes "respondido" the responder and the time
 * are recorded once (a later change of status keeps them). Day and week (from Monday) boundaries
 * are the shop's, in config.timeZone.
 */
import { MSG } from '../../../domain/messages';
import type { ContactInput, ContactListQuery, ContactMessage, ContactStats, ContactUpdateInput } from '../../../domain/schemas/contact';
import { contactMessageError } from '../../../domain/contact-rules';
import { localParts, parseQueryDate, zonedToUtc } from '../../../domain/time';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { contactRepository, type ContactDetailRow } from './repository';

function toMessage(row: ContactDetailRow): ContactMessage {
  const { productName, responderFullName, responderUsername, ...rest } = row;
  return {
    ...rest,
    product: row.productId !== null && productName !== null ? { id: row.productId, name: productName } : null,
    responder: responderUsername !== null ? { fullName: responderFullName ?? responderUsername, username: responderUsername } : null,
  };
}

/** UTC ISO starts of the shop's current day and current week (weeks start on Monday). */
export function recentBounds(now: Date, timeZone: string): { todayStart: string; weekStart: string } {
  const p = localParts(now, timeZone);
  const daysSinceMonday = (new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7;
  return {
    todayStart: zonedToUtc({ year: p.year, month: p.month, day: p.day }, timeZone).toISOString(),
    weekStart: zonedToUtc({ year: p.year, month: p.month, day: p.day - daysSinceMonday }, timeZone).toISOString(),
  };
}

export function createContactMessage(db: Db, input: ContactInput, ip: string): { id: number } {
  const lengthError = contactMessageError(input.message);
  if (lengthError) throw badRequest(lengthError);
  const productId = input.productId ?? null;
  if (productId !== null && !contactRepository.productExists(db, productId)) throw badRequest(MSG.contactProductNotFound);
  return contactRepository.insert(db, {
    name: input.name,
    email: input.email,
    phone: input.phone,
    subject: input.subject,
    message: input.message.trim(),
    productId,
    ip,
  });
}

export function listContactMessages(db: Db, query: ContactListQuery, timeZone: string) {
  const filters = {
    status: query.status,
    search: query.search,
    from: query.startDate ? parseQueryDate(query.startDate, timeZone, 'start').toISOString() : undefined,
    to: query.endDate ? parseQueryDate(query.endDate, timeZone, 'end').toISOString() : undefined,
  };
  const { rows, total } = contactRepository.list(db, filters, query.page, query.limit);
  return { items: rows.map(toMessage), total };
}

export function contactStats(db: Db, now: Date, timeZone: string): ContactStats {
  const { todayStart, weekStart } = recentBounds(now, timeZone);
  const r = contactRepository.stats(db, todayStart, weekStart);
  return {
    total: r.total,
    por_estado: { nuevos: r.nuevos, leidos: r.leidos, respondidos: r.respondidos, archivados: r.archivados },
    recientes: { hoy: r.hoy, esta_semana: r.estaSemana },
  };
}

export function getContactMessage(db: Db, id: number): ContactMessage {
  const row = contactRepository.findById(db, id);
  if (!row) throw notFound(MSG.contactNotFound);
  return toMessage(row);
}

export function updateContactMessage(db: Db, id: number, input: ContactUpdateInput, userId: number): ContactMessage {
  const current = contactRepository.findStatus(db, id);
  if (!current) throw notFound(MSG.contactNotFound);
  const becomesResponded = input.status === 'respondido' && current.status !== 'respondido';
  contactRepository.update(db, id, {
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.notes !== undefined ? { notes: input.notes } : {}),
    ...(becomesResponded ? { respondedAt: new Date().toISOString(), respondedBy: userId } : {}),
  });
  return getContactMessage(db, id);
}

export function deleteContactMessage(db: Db, id: number): void {
  if (contactRepository.delete(db, id) === 0) throw notFound(MSG.contactNotFound);
}
