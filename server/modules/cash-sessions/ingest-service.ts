/**
 * POST /sync/cash: exactly-once ingest of the cash-session events a counter device captured (issue #16),
 * with the invariants of /sync/push (docs/sync.md):
 * - Only a registered device pushes (device-auth.ts), and only for itself (deviceId of the body).
 * - Idempotent per entity: an open is its session (UNIQUE client_session_id), a movement is its row
 *   (UNIQUE client_movement_id), a close is stored once on its session. A replay with the same body
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
  type CashEvent,
  type CashEventResult,
  type CashMovementEvent,
  type CashOpenEvent,
  type CashPushBody,
  type CashPushReply,
} from '../../../domain/schemas/cash';
import { localDateString } from '../../../domain/time';
import { forbidden } from '../../http/errors';
import type { Q } from '../../db/store';
import { salesDurable } from '../sales/durability';
import type { SalesContext } from '../sales/context';
import type { DeviceRow } from '../sync/devices-repository';
import { sessionFigures } from './figures';
import { cashRepository } from './repository';

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

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const rejected = (eventId: string | null, reason: string): CashEventResult => ({ eventId, status: 'rejected', reason });
const replay = (eventId: string, stored: string | null, hash: string): CashEventResult =>
  stored === hash ? { eventId, status: 'duplicate' } : rejected(eventId, CASH_MSG.bodyReplayed);

async function applyOpen(tx: Q, ctx: SalesContext, device: DeviceRow, ev: CashOpenEvent, hash: string): Promise<CashEventResult> {
  const stored = await cashRepository.byClientId(tx, ev.clientSessionId);
  if (stored) return stored.deviceId === device.id ? replay(ev.eventId, stored.openHash, hash) : rejected(ev.eventId, CASH_MSG.otherDevice);
  if (await cashRepository.openOf(tx, device.id)) return rejected(ev.eventId, CASH_MSG.serverAlreadyOpen);
  const openedAt = new Date(ev.at).toISOString();
  await cashRepository.insertSession(tx, {
    clientSessionId: ev.clientSessionId,
    deviceId: device.id,
    openedBy: ev.userId,
    openedAt,
    localDate: localDateString(openedAt, ctx.timeZone),
    floatCents: toCents(ev.float),
    openDenominations: json(ev.denominations),
    openHash: hash,
  });
  return { eventId: ev.eventId, status: 'applied' };
}

async function applyMovement(tx: Q, ctx: SalesContext, device: DeviceRow, ev: CashMovementEvent, hash: string): Promise<CashEventResult> {
  const stored = await cashRepository.movementByClientId(tx, ev.eventId);
  if (stored) return replay(ev.eventId, stored.bodyHash, hash);
  const session = await cashRepository.byClientId(tx, ev.clientSessionId);
  if (!session) return rejected(ev.eventId, CASH_MSG.unknownSession);
  if (session.deviceId !== device.id) return rejected(ev.eventId, CASH_MSG.otherDevice);
  if (session.closedAt) return rejected(ev.eventId, CASH_MSG.sessionClosed);
  await cashRepository.insertMovement(tx, {
    clientMovementId: ev.eventId,
    sessionId: session.id,
    kind: ev.kind,
    amountCents: toCents(ev.amount),
    reason: ev.reason,
    note: ev.note,
    userId: ev.userId,
    at: new Date(ev.at).toISOString(),
    bodyHash: hash,
  });
  return { eventId: ev.eventId, status: 'applied' };
}

async function applyClose(tx: Q, ctx: SalesContext, device: DeviceRow, ev: CashCloseEvent, hash: string): Promise<CashEventResult> {
  const session = await cashRepository.byClientId(tx, ev.clientSessionId);
  if (!session) return rejected(ev.eventId, CASH_MSG.unknownSession);
  if (session.deviceId !== device.id) return rejected(ev.eventId, CASH_MSG.otherDevice);
  const zOf = (s: typeof session) => ({ zNumber: s.zNumber ?? undefined, expected: fromCents(s.expectedCents ?? 0), difference: fromCents(s.differenceCents ?? 0) });
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
    closedBy: ev.userId,
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
  });
  return { eventId: ev.eventId, status: 'applied', zNumber, expected: fromCents(expectedCents), difference: fromCents(differenceCents) };
}

async function pushOne(ctx: SalesContext, device: DeviceRow, raw: unknown, nowMs: number): Promise<CashEventResult> {
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
  return ctx.store.write(async (tx) => {
    await cashRepository.lockEvent(tx, ev.clientSessionId, device.id);
    if (ev.type === 'open') return applyOpen(tx, ctx, device, ev, hash);
    if (ev.type === 'movement') return applyMovement(tx, ctx, device, ev, hash);
    return applyClose(tx, ctx, device, ev, hash);
  });
}

export async function pushCashEvents(ctx: SalesContext, body: CashPushBody, device: DeviceRow): Promise<CashPushReply> {
  if (body.deviceId !== device.id) throw forbidden(MSG.deviceIdMismatch);
  const nowMs = Date.now();
  const results: CashEventResult[] = [];
  for (const raw of body.events) results.push(await pushOne(ctx, device, raw, nowMs));
  await salesDurable(ctx.store);
  return { results };
}
