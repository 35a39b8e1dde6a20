/**
 * Cash sessions on the counter device (issue #16), captured like sales (docs/sync.md rule 1): opening,
 * each cash in/out, each «Abrir cajón» press (issue #35) and the close write the session row and the event of the cash outbox in ONE strict
 * Dexie transaction, then the sync engine hears of it (announceWrite) and delivers it when it can.
 * Invariants: at most one open session per device; a closed session never changes again (but for the Z
 * number the server assigns); a close whose difference is not zero carries a comment. Sales join the
 * open session in outbox.ts (same transaction as the sale).
 */
import { CASH_MSG } from '../../domain/cash-messages';
import { cashDifference, cashTotals, needsComment, type DenominationCount } from '../../domain/cash-rules';
import { fromCents } from '../../domain/money';
import type { CashReason } from '../../domain/cash-rules';
import type { CashEvent } from '../../domain/schemas/cash';
import type { CashPerson, LocalCashSession } from './cash-types';
import { db, getMeta, setMeta } from './db';
import { announceWrite } from './capture';

const EMPTY_SALES = (): LocalCashSession['sales'] => ({
  efectivo: { count: 0, totalCents: 0 },
  tarjeta: { count: 0, totalCents: 0 },
  transferencia: { count: 0, totalCents: 0 },
  cuenta_corriente: { count: 0, totalCents: 0 },
});

export const currentCashSession = () => db.cashSessions.where('status').equals('open').first();

/** The most recently closed session (its Z stays printable after the close). */
export async function lastClosedSession(): Promise<LocalCashSession | undefined> {
  const closed = await db.cashSessions.where('status').equals('closed').toArray();
  return closed.sort((a, b) => (b.closedAt ?? '').localeCompare(a.closedAt ?? ''))[0];
}

/** Cash the drawer should hold by what this device knows: float + cash sales + cash payments on account + ins − outs. */
export function deviceExpectedCents(session: LocalCashSession): number {
  const cash = session.sales.efectivo?.totalCents ?? 0;
  const sales = cash ? [{ paymentMethod: 'efectivo' as const, totalCents: cash, cancelled: false }] : [];
  return cashTotals(session.floatCents, sales, session.movements, session.accountPayments?.totalCents ?? 0).expectedCents;
}

/** Runs `write` (which changes the session and returns its event) and queues the event, in one transaction; then wakes the sync engine. */
async function capture<T extends CashEvent>(write: () => Promise<T>): Promise<T> {
  const event = await db.transaction('rw', [db.cashSessions, db.cashOutbox, db.meta], async () => {
    const written = await write();
    const seq = ((await getMeta('cashSeq')) ?? 0) + 1;
    await setMeta('cashSeq', seq);
    await db.cashOutbox.add({ eventId: written.eventId, seq, clientSessionId: written.clientSessionId, event: written, status: 'pending', attempts: 0, lastError: null, syncedAt: null });
    return written;
  });
  announceWrite();
  return event;
}

async function requireOpen(): Promise<LocalCashSession> {
  const session = await currentCashSession();
  if (!session) throw new Error(CASH_MSG.noOpenSession);
  return session;
}

export async function openSession(input: { by: CashPerson; floatCents: number; denominations: DenominationCount | null }): Promise<LocalCashSession> {
  const session: LocalCashSession = {
    clientSessionId: crypto.randomUUID(),
    status: 'open',
    openedAt: new Date().toISOString(),
    openedBy: input.by,
    floatCents: input.floatCents,
    sales: EMPTY_SALES(),
    movements: [],
    closedAt: null,
    closedBy: null,
    countedCents: null,
    expectedCents: null,
    differenceCents: null,
    comment: null,
    declared: null,
    zNumber: null,
  };
  await capture(async () => {
    if (await currentCashSession()) throw new Error(CASH_MSG.alreadyOpen);
    await db.cashSessions.add(session);
    return {
      type: 'open' as const,
      eventId: crypto.randomUUID(),
      clientSessionId: session.clientSessionId,
      at: session.openedAt,
      userId: input.by.id,
      float: fromCents(input.floatCents),
      denominations: input.denominations,
    };
  });
  return session;
}

export async function addMovement(input: { by: CashPerson; kind: 'in' | 'out'; amountCents: number; reason: CashReason; note: string | null }): Promise<void> {
  const at = new Date().toISOString();
  const id = crypto.randomUUID();
  const note = input.note?.trim() || null;
  await capture(async () => {
    const session = await requireOpen();
    await db.cashSessions.update(session.clientSessionId, {
      movements: [...session.movements, { id, kind: input.kind, amountCents: input.amountCents, reason: input.reason, note, at, by: input.by }],
    });
    return { type: 'movement' as const, eventId: id, clientSessionId: session.clientSessionId, at, userId: input.by.id, kind: input.kind, amount: fromCents(input.amountCents), reason: input.reason, note };
  });
}

/**
 * «Abrir cajón» opened the drawer: counted on the open session and queued as a drawer_open event. With no
 * open session there is nothing to log it against: returns false (the drawer was still opened).
 */
export async function recordDrawerOpen(by: CashPerson): Promise<boolean> {
  if (!(await currentCashSession())) return false;
  const at = new Date().toISOString();
  await capture(async () => {
    const session = await requireOpen();
    await db.cashSessions.update(session.clientSessionId, { drawerOpens: (session.drawerOpens ?? 0) + 1 });
    return { type: 'drawer_open' as const, eventId: crypto.randomUUID(), clientSessionId: session.clientSessionId, at, userId: by.id };
  });
  return true;
}

export interface CloseInput {
  by: CashPerson;
  countedCents: number;
  denominations: DenominationCount | null;
  comment: string | null;
  declared: LocalCashSession['declared'];
}

const pesos = (cents: number | null) => (cents === null ? null : fromCents(cents));

/** Closes the open session with the count; throws (Spanish) when there is a difference and no comment. */
export async function closeSession(input: CloseInput): Promise<LocalCashSession> {
  const at = new Date().toISOString();
  const comment = input.comment?.trim() || null;
  let closed: LocalCashSession | null = null;
  await capture(async () => {
    const session = await requireOpen();
    const expectedCents = deviceExpectedCents(session);
    const differenceCents = cashDifference(input.countedCents, expectedCents);
    if (needsComment(differenceCents, comment)) throw new Error(CASH_MSG.commentRequired);
    const { declared } = input;
    closed = { ...session, status: 'closed', closedAt: at, closedBy: input.by, countedCents: input.countedCents, expectedCents, differenceCents, comment, declared };
    await db.cashSessions.put(closed);
    return {
      type: 'close' as const,
      eventId: crypto.randomUUID(),
      clientSessionId: session.clientSessionId,
      at,
      userId: input.by.id,
      counted: fromCents(input.countedCents),
      denominations: input.denominations,
      comment,
      declared: declared && { tarjeta: pesos(declared.tarjeta), transferencia: pesos(declared.transferencia), mercadopago: pesos(declared.mercadopago) },
    };
  });
  return closed!;
}

/** The setting "Exigir caja abierta para vender" as last read from the server (off until read). */
export const cashRequired = async () => (await getMeta('cashRequired')) ?? false;
export const rememberCashRequired = (on: boolean) => setMeta('cashRequired', on);
