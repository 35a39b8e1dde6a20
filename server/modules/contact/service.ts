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
import type { Store } from '../../db/store';
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

export async function createContactMessage(store: Store, input: ContactInput, ip: string): Promise<{ id: number }> {
  const lengthError = contactMessageError(input.message);
  if (lengthError) throw badRequest(lengthError);
  const productId = input.productId ?? null;
  return store.write(async (tx) => {
    if (productId !== null && !(await contactRepository.productExists(tx, productId))) throw badRequest(MSG.contactProductNotFound);
    return contactRepository.insert(tx, {
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message.trim(),
      productId,
      ip,
    });
  });
}

export async function listContactMessages(store: Store, query: ContactListQuery, timeZone: string) {
  const filters = {
    status: query.status,
    search: query.search,
    from: query.startDate ? parseQueryDate(query.startDate, timeZone, 'start').toISOString() : undefined,
    to: query.endDate ? parseQueryDate(query.endDate, timeZone, 'end').toISOString() : undefined,
  };
  const { rows, total } = await store.read((q) => contactRepository.list(q, filters, query.page, query.limit));
  return { items: rows.map(toMessage), total };
}

export async function contactStats(store: Store, now: Date, timeZone: string): Promise<ContactStats> {
  const { todayStart, weekStart } = recentBounds(now, timeZone);
  const r = await store.read((q) => contactRepository.stats(q, todayStart, weekStart));
  return {
    total: r.total,
    por_estado: { nuevos: r.nuevos, leidos: r.leidos, respondidos: r.respondidos, archivados: r.archivados },
    recientes: { hoy: r.hoy, esta_semana: r.estaSemana },
  };
}

export async function getContactMessage(store: Store, id: number): Promise<ContactMessage> {
  const row = await store.read((q) => contactRepository.findById(q, id));
  if (!row) throw notFound(MSG.contactNotFound);
  return toMessage(row);
}

export async function updateContactMessage(store: Store, id: number, input: ContactUpdateInput, userId: number): Promise<ContactMessage> {
  const row = await store.write(async (tx) => {
    const current = await contactRepository.findStatus(tx, id);
    if (!current) throw notFound(MSG.contactNotFound);
    const becomesResponded = input.status === 'respondido' && current.status !== 'respondido';
    await contactRepository.update(tx, id, {
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(becomesResponded ? { respondedAt: new Date().toISOString(), respondedBy: userId } : {}),
    });
    return (await contactRepository.findById(tx, id))!;
  });
  return toMessage(row);
}

export async function deleteContactMessage(store: Store, id: number): Promise<void> {
  if ((await store.write((tx) => contactRepository.delete(tx, id))) === 0) throw notFound(MSG.contactNotFound);
}
