/**
 * POST /sync/cash: exactly-once ingest of the cash-session events a counter device captured (issue #16),
 * with the invariants of /sync/push (docs/sync.md):
 * - Only a registered device pushes (device-auth.ts), and only for itself (deviceId of the body).
 * - Idempotent per entity: an open is its session (UNIQUE client_session_id), a movement is its row
 *   (UNIQUE client_movement_id), a drawer opening («Abrir cajón», issue #35) is its row (UNIQUE
 *   client_event_id), a close is stored once on its session. A drawer opening never moves money: it is
 *   counted on the X/Z and listed in the session's detail, never in the expected cash. A replay with the same body
 *   (SHA-256 of the validated event) is `duplicate` and writes nothing; with another body it is `rejected`.
 *   Each event is its own write unit (store.write; SQLite runs them one at a time, PostgreSQL units lock
 *   the session and the device first: cashRepository.lockEvent), so two concurrent pushes of the same
 *   events store them once.
 * - A result per event, in input order; a malformed or refused event is `rejected` with a Spanish reason
 *   and never blocks the rest.
 * - One open session per device (also a partial unique index). A closed session is immutable: its Z
 *   (number per shop, expected computed from the server's ledger at close, counted, difference) never
 *   changes; sales pushed for it afterwards are accepted by /sync/push and shown as late on the session.
 * - A difference without a comment is refused (the device asks for one).
 * - The person responsible (userId of each event) is believed only when that user signed in on this
 *   device (device_users, as for sales in push-sellers.ts; issue #31 item 8). Otherwise the event is
 *   still applied (the cash already moved), recorded under whoever pushed with a session or else the
 *   device's last user, and flagged with a review note naming the claimed user.
 * - An admin may force-close the open session of a device that cannot close it (a lost tablet, issue
 *   #31 item 6): it gets its Z with the count unknown and a review note. What the device pushes for it
 *   later is still accepted and shown: its own close fills the count (once), its movements are stored
 *   flagged as late.
 * - Durable before replying: one fsync of the WAL per push.
 */
import { createHash } from 'node:crypto';
import { CASH_MSG } from '../../../domain/cash-messages';
import { cashDifference, needsComment } from '../../../domain/cash-rules';
import { fieldLabel } from '../../../domain/field-labels';
import { MSG } from '../../../domain/messages';
import { fromCents, toCents } from '../../../domain/money';
import {
  cashEvent,
  type CashCloseEvent,
  type CashDrawerOpenEvent,
  type CashEvent,
  type CashEventResult,
  type CashMovementEvent,
  type CashOpenEvent,
  type CashPushBody,
  type CashPushReply,
} from '../../../domain/schemas/cash';
import { localDateString } from '../../../domain/time';
import type { PublicUser } from '../../../domain/schemas/auth';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { Store } from '../../db/store';
import type { Q } from '../../db/store';
import { salesDurable } from '../sales/durability';
import type { SalesContext } from '../sales/context';
import { devicesRepository, type DeviceRow } from '../sync/devices-repository';
import { sessionFigures } from './figures';
import { cashRepository, type CashSessionRow } from './repository';

const MAX_CLOCK_AHEAD_MS = 24 * 60 * 60 * 1000;

function bodyHash(event: CashEvent): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)]))
        : value;
  return createHash('sha256').update(JSON.stringify(canonical(event))).digest('hex');
}

/** Who an event is recorded under and why the owner should look, when it should. */
interface Responsible {
  userId: number;
  note: string | null;
}
type ResponsibleOf = (claimedId: number) => Responsible;

/** Reads once per push who may be named (device_users) and the fallback person (pusher, else the device's last user). */
async function responsibleResolver(store: Store, device: DeviceRow, pusher: PublicUser | null): Promise<ResponsibleOf> {
  const { onDevice, fallbackName } = await store.read(async (q) => ({
    onDevice: new Set((await devicesRepository.users(q, device.id)).map((u) => u.id)),
    fallbackName: pusher?.fullName ?? (device.userId !== null ? await devicesRepository.userName(q, device.userId) : null),
  }));
  const fallbackId = pusher?.id ?? device.userId;
  return (claimedId) => {
    if (onDevice.has(claimedId)) return { userId: claimedId, note: null };
    if (fallbackId === null || fallbackName === null) return { userId: claimedId, note: CASH_MSG.responsibleUnverified(claimedId) };
    return { userId: fallbackId, note: CASH_MSG.responsibleNotOnDevice(claimedId, fallbackName) };
  };
}

const joinNotes = (...notes: (string | null)[]) => [...new Set(notes.filter(Boolean))].join(' · ') || null;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const rejected = (eventId: string | null, reason: string): CashEventResult => ({ eventId, status: 'rejected', reason });
const replay = (eventId: string, stored: string | null, hash: string): CashEventResult =>
  stored === hash ? { eventId, status: 'duplicate' } : rejected(eventId, CASH_MSG.bodyReplayed);

async function applyOpen(tx: Q, ctx: SalesContext, device: DeviceRow, ev: CashOpenEvent, hash: string, who: Responsible): Promise<CashEventResult> {
  const stored = await cashRepository.byClientId(tx, ev.clientSessionId);
  if (stored) return stored.deviceId === device.id ? replay(ev.eventId, stored.openHash, hash) : rejected(ev.eventId, CASH_MSG.otherDevice);
  if (await cashRepository.openOf(tx, device.id)) return rejected(ev.eventId, CASH_MSG.serverAlreadyOpen);
  const openedAt = new Date(ev.at).toISOString();
  await cashRepository.insertSession(tx, {
    clientSessionId: ev.clientSessionId,
    deviceId: device.id,
    openedBy: who.userId,
    openedAt,
    localDate: localDateString(openedAt, ctx.timeZone),
    floatCents: toCents(ev.float),
    openDenominations: json(ev.denominations),
    openHash: hash,
    reviewNote: who.note,
  });
  return { eventId: ev.eventId, status: 'applied' };
}

async function applyMovement(tx: Q, device: DeviceRow, ev: CashMovementEvent, hash: string, who: Responsible): Promise<CashEventResult> {
  const stored = await cashRepository.movementByClientId(tx, ev.eventId);
  if (stored) return replay(ev.eventId, stored.bodyHash, hash);
  const session = await cashRepository.byClientId(tx, ev.clientSessionId);
  if (!session) return rejected(ev.eventId, CASH_MSG.unknownSession);
  if (session.deviceId !== device.id) return rejected(ev.eventId, CASH_MSG.otherDevice);
  // A session an admin force-closed still takes what the device captured before it knew: stored, flagged.
  if (session.closedAt && !session.forceClosedAt) return rejected(ev.eventId, CASH_MSG.sessionClosed);
  const late = session.closedAt ? CASH_MSG.afterForcedClose : null;
  await cashRepository.insertMovement(tx, {
    clientMovementId: ev.eventId,
    sessionId: session.id,
    kind: ev.kind,
    amountCents: toCents(ev.amount),
    reason: ev.reason,
    note: ev.note,
    userId: who.userId,
    at: new Date(ev.at).toISOString(),
    bodyHash: hash,
    reviewNote: joinNotes(who.note, late),
  });
  return { eventId: ev.eventId, status: 'applied' };
}

async function applyDrawerOpen(tx: Q, device: DeviceRow, ev: CashDrawerOpenEvent, hash: string, who: Responsible): Promise<CashEventResult> {
  const stored = await cashRepository.drawerOpenByClientId(tx, ev.eventId);
  if (stored) return replay(ev.eventId, stored.bodyHash, hash);
  const session = await cashRepository.byClientId(tx, ev.clientSessionId);
  if (!session) return rejected(ev.eventId, CASH_MSG.unknownSession);
  if (session.deviceId !== device.id) return rejected(ev.eventId, CASH_MSG.otherDevice);
  if (session.closedAt && !session.forceClosedAt) return rejected(ev.eventId, CASH_MSG.sessionClosed);
  await cashRepository.insertDrawerOpen(tx, {
    clientEventId: ev.eventId,
    sessionId: session.id,
    userId: who.userId,
    at: new Date(ev.at).toISOString(),
    bodyHash: hash,
    reviewNote: joinNotes(who.note, session.closedAt ? CASH_MSG.afterForcedClose : null),
  });
  return { eventId: ev.eventId, status: 'applied' };
}

async function applyClose(tx: Q, ctx: SalesContext, device: DeviceRow, ev: CashCloseEvent, hash: string, who: Responsible): Promise<CashEventResult> {
  const session = await cashRepository.byClientId(tx, ev.clientSessionId);
  if (!session) return rejected(ev.eventId, CASH_MSG.unknownSession);
  if (session.deviceId !== device.id) return rejected(ev.eventId, CASH_MSG.otherDevice);
  const zOf = (s: typeof session) => ({ zNumber: s.zNumber ?? undefined, expected: fromCents(s.expectedCents ?? 0), difference: fromCents(s.differenceCents ?? 0) });
  if (session.closedAt && session.forceClosedAt && session.closeHash === null) return applyLateClose(tx, session, ev, hash, who);
  if (session.closedAt) {
    const result = replay(ev.eventId, session.closeHash, hash);
    return result.status === 'duplicate' ? { ...result, ...zOf(session) } : result;
  }
  const countedCents = toCents(ev.counted);
  const expectedCents = (await sessionFigures(tx, session)).expectedCents;
  const differenceCents = cashDifference(countedCents, expectedCents);
  if (needsComment(differenceCents, ev.comment)) return rejected(ev.eventId, CASH_MSG.commentRequired);
  const zNumber = await cashRepository.nextZNumber(tx);
  await cashRepository.close(tx, session.id, {
    closedBy: who.userId,
    closedAt: new Date(ev.at).toISOString(),
    closeReceivedAt: new Date().toISOString(),
    countedCents,
    expectedCents,
    differenceCents,
    comment: ev.comment,
    closeDenominations: json(ev.denominations),
    declaredJson: json(ev.declared),
    closeHash: hash,
    zNumber,
    reviewNote: joinNotes(session.reviewNote, who.note),
  });
  return { eventId: ev.eventId, status: 'applied', zNumber, expected: fromCents(expectedCents), difference: fromCents(differenceCents) };
}

/** The device's own close of a session an admin force-closed: its count, once, against the expected cash of now. */
async function applyLateClose(tx: Q, session: CashSessionRow, ev: CashCloseEvent, hash: string, who: Responsible): Promise<CashEventResult> {
  const countedCents = toCents(ev.counted);
  const expectedCents = session.expectedCents ?? (await sessionFigures(tx, session)).expectedCents;
  const differenceCents = cashDifference(countedCents, expectedCents);
  if (needsComment(differenceCents, ev.comment)) return rejected(ev.eventId, CASH_MSG.commentRequired);
  const stored = await cashRepository.lateClose(tx, session.id, {
    countedCents,
    differenceCents,
    comment: ev.comment,
    closeDenominations: json(ev.denominations),
    declaredJson: json(ev.declared),
    closeHash: hash,
    reviewNote: joinNotes(session.reviewNote, who.note, CASH_MSG.closeAfterForced(fromCents(countedCents)))!,
  });
  if (!stored) return rejected(ev.eventId, CASH_MSG.sessionClosed);
  return { eventId: ev.eventId, status: 'applied', zNumber: session.zNumber ?? undefined, expected: fromCents(expectedCents), difference: fromCents(differenceCents) };
}

/**
 * An admin closes a device's open session it cannot close itself: Z number, expected cash from the
 * server's ledger, count unknown, flagged. Answers 409 when it is already closed.
 */
export async function forceCloseCashSession(store: Store, id: number, admin: PublicUser): Promise<void> {
  await store.write(async (tx) => {
    const row = await cashRepository.byId(tx, id);
    if (!row) throw notFound(CASH_MSG.notFound);
    const session = row.session;
    await cashRepository.lockEvent(tx, session.clientSessionId, session.deviceId);
    if (session.closedAt) throw conflict(CASH_MSG.alreadyClosed);
    const expectedCents = (await sessionFigures(tx, session)).expectedCents;
    const closed = await cashRepository.forceClose(tx, session.id, {
      closedBy: admin.id,
      closedAt: new Date().toISOString(),
      expectedCents,
      zNumber: await cashRepository.nextZNumber(tx),
      reviewNote: joinNotes(session.reviewNote, CASH_MSG.forcedClose(admin.fullName))!,
    });
    if (!closed) throw conflict(CASH_MSG.alreadyClosed);
  });
}

async function pushOne(ctx: SalesContext, device: DeviceRow, raw: unknown, nowMs: number, responsible: ResponsibleOf): Promise<CashEventResult> {
  const parsed = cashEvent.safeParse(raw);
  const rawId = typeof raw === 'object' && raw !== null && typeof (raw as { eventId?: unknown }).eventId === 'string' ? (raw as { eventId: string }).eventId : null;
  if (!parsed.success) {
    const detail = parsed.error.issues
      .slice(0, 3)
      .map((issue) => [fieldLabel(issue.path), issue.message].filter(Boolean).join(': '))
      .join('; ');
    return rejected(rawId, `${MSG.badRequest}: ${detail}`);
  }
  const ev = parsed.data;
  if (Date.parse(ev.at) > nowMs + MAX_CLOCK_AHEAD_MS) return rejected(ev.eventId, CASH_MSG.capturedInFuture);
  if (!(await ctx.store.read((q) => cashRepository.userExists(q, ev.userId)))) return rejected(ev.eventId, `El usuario ${ev.userId} no existe`);
  const hash = bodyHash(ev);
  const who = responsible(ev.userId);
  return ctx.store.write(async (tx) => {
    await cashRepository.lockEvent(tx, ev.clientSessionId, device.id);
    if (ev.type === 'open') return applyOpen(tx, ctx, device, ev, hash, who);
    if (ev.type === 'movement') return applyMovement(tx, device, ev, hash, who);
    if (ev.type === 'drawer_open') return applyDrawerOpen(tx, device, ev, hash, who);
    return applyClose(tx, ctx, device, ev, hash, who);
  });
}

/** `pusher`: the signed-in user alongside the device credential, or null. */
export async function pushCashEvents(ctx: SalesContext, body: CashPushBody, device: DeviceRow, pusher: PublicUser | null): Promise<CashPushReply> {
  if (body.deviceId !== device.id) throw forbidden(MSG.deviceIdMismatch);
  const nowMs = Date.now();
  const responsible = await responsibleResolver(ctx.store, device, pusher);
  const results: CashEventResult[] = [];
  for (const raw of body.events) results.push(await pushOne(ctx, device, raw, nowMs, responsible));
  await salesDurable(ctx.store);
  return { results };
}
