/**
 * The cuenta corriente (issue #33 item 4; rules in domain/account.ts, SQL in ledger-repository.ts):
 * - POST /sync/account-payments: the payments on account («Cobro a cuenta») a device captured, offline too,
 *   each one applied EXACTLY ONCE by its clientPaymentId (UNIQUE client_movement_id), like a sale by its
 *   clientSaleId: a replay with the same body is `duplicate` and writes nothing; with another body it is
 *   `rejected`. Each payment is validated on its own (a bad one never blocks the rest) and written in its
 *   own savepoint of one unit, fsync'd before the reply. The customer it names is resolved like a sale's
 *   (created once by uuid if the payment carries it, else by uuid or alias); an unknown one is rejected
 *   with a Spanish reason and the device keeps it to show.
 * - A payment lowers the balance (a negative movement); a cash payment names its cash session and counts
 *   in that drawer (cash-sessions/figures.ts). It is accepted on a disabled account too: money received.
 * - Statements (any signed-in user; a seller reads the document only while the privacy setting lets sellers
 *   see it) and the aging of the whole book (admins) are computed from the ledger
 *   by the pure rules (statementLines, agingOf), the balance from customers.balance_cents (= SUM of it).
 */
import { createHash } from 'node:crypto';
import { ACCOUNT_MSG, agingOf, overLimit, statementLines, whatsappStatementLink, type Aging } from '../../../domain/account';
import { fieldLabel } from '../../../domain/field-labels';
import { MSG, SYNC_NOTES } from '../../../domain/messages';
import { fromCents, toCents } from '../../../domain/money';
import type { PublicUser } from '../../../domain/schemas/auth';
import {
  pushedAccountPayment,
  type AccountAgingJson,
  type AccountPaymentResult,
  type AccountPaymentsPushBody,
  type AccountPaymentsPushReply,
  type AccountStatementJson,
  type PushedAccountPayment,
} from '../../../domain/schemas/accounts';
import { savepoint, type Q, type Store } from '../../db/store';
import { AppError, forbidden, notFound } from '../../http/errors';
import { salesDurable } from '../sales/durability';
import type { DeviceRow } from '../sync/devices-repository';
import { sellerResolver } from '../sync/push-sellers';
import { accountLedgerRepository } from './ledger-repository';
import { resolveSaleCustomer } from './push-service';
import { customersRepository } from './repository';
import { showsCustomerData, type Viewer } from './service';

const agingJson = (a: Aging) => ({
  d0_30: fromCents(a.d0_30),
  d31_60: fromCents(a.d31_60),
  d61_90: fromCents(a.d61_90),
  d90: fromCents(a.d90),
  total: fromCents(a.totalCents),
  credit: fromCents(a.creditCents),
});

/** SHA-256 of the validated payment, keys in a fixed order (a retry hashes the same). */
function hashOf(p: PushedAccountPayment): string {
  const { customer: _customer, ...rest } = p;
  const canonical = Object.fromEntries(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

const idOf = (raw: unknown): string | null => {
  const id = typeof raw === 'object' && raw !== null ? (raw as { clientPaymentId?: unknown }).clientPaymentId : undefined;
  return typeof id === 'string' && id.length <= 100 ? id : null;
};

async function applyPayment(tx: Q, p: PushedAccountPayment, device: DeviceRow, sellerId: number): Promise<AccountPaymentResult> {
  const hash = hashOf(p);
  const stored = await accountLedgerRepository.byClientId(tx, p.clientPaymentId);
  if (stored) {
    if (stored.bodyHash !== hash) return { clientPaymentId: p.clientPaymentId, status: 'rejected', reason: ACCOUNT_MSG.paymentBodyMismatch };
    const account = await customersRepository.findById(tx, stored.customerId);
    return { clientPaymentId: p.clientPaymentId, status: 'duplicate', customerId: stored.customerId, balance: fromCents(account?.balanceCents ?? 0) };
  }
  const customer = await resolveSaleCustomer(tx, p, device.id, sellerId);
  if (!customer.row) return { clientPaymentId: p.clientPaymentId, status: 'rejected', reason: customer.note ?? ACCOUNT_MSG.unknownCustomer };
  await accountLedgerRepository.lockedAccount(tx, customer.row.id);
  const { balanceCents } = await accountLedgerRepository.apply(tx, {
    customerId: customer.row.id,
    kind: 'payment',
    amountCents: -toCents(p.amount),
    paymentMethod: p.method,
    deviceId: device.id,
    clientMovementId: p.clientPaymentId,
    bodyHash: hash,
    userId: sellerId,
    note: p.note,
    cashSessionId: p.method === 'efectivo' ? (p.cashSessionId ?? null) : null,
    occurredAt: new Date(Date.parse(p.capturedAt)).toISOString(),
  });
  return { clientPaymentId: p.clientPaymentId, status: 'applied', customerId: customer.row.id, balance: fromCents(balanceCents) };
}

export async function pushAccountPayments(store: Store, body: AccountPaymentsPushBody, device: DeviceRow, pusher: PublicUser | null): Promise<AccountPaymentsPushReply> {
  if (body.deviceId !== device.id) throw forbidden(MSG.deviceIdMismatch);
  const results = await store.write(async (tx) => {
    const sellerFor = await sellerResolver(tx, device, pusher);
    const out: AccountPaymentResult[] = [];
    for (const raw of body.payments) {
      const parsed = pushedAccountPayment.safeParse(raw);
      if (!parsed.success) {
        const detail = parsed.error.issues
          .slice(0, 3)
          .map((issue) => [fieldLabel(issue.path), issue.message].filter(Boolean).join(': '))
          .join('; ');
        out.push({ clientPaymentId: idOf(raw), status: 'rejected', reason: `${MSG.badRequest}: ${detail}` });
        continue;
      }
      const seller = sellerFor(parsed.data.sellerId);
      if (!seller) {
        out.push({ clientPaymentId: parsed.data.clientPaymentId, status: 'rejected', reason: SYNC_NOTES.sellerUnverified(parsed.data.sellerId) });
        continue;
      }
      try {
        out.push(await savepoint(tx, () => applyPayment(tx, parsed.data, device, seller.sellerId)));
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) out.push({ clientPaymentId: parsed.data.clientPaymentId, status: 'rejected', reason: error.message });
        else throw error;
      }
    }
    return out;
  });
  await salesDurable(store);
  return { results, serverTime: new Date().toISOString() };
}

/** A customer's statement; a seller reads the document only while the privacy setting lets sellers see it. */
export async function customerStatement(store: Store, customerId: number, viewer: Viewer, now = new Date()): Promise<AccountStatementJson> {
  return store.read(async (q) => {
    const customer = await customersRepository.findById(q, customerId);
    if (!customer) throw notFound(ACCOUNT_MSG.unknownCustomer);
    const showData = await showsCustomerData(q, viewer);
    const rows = await accountLedgerRepository.movements(q, customerId);
    const lines = statementLines(rows.map((r) => ({ ...r.movement, saleNumber: r.saleNumber })));
    const aging = agingOf(lines, now.toISOString());
    return {
      customer: {
        id: customer.id,
        uuid: customer.uuid,
        name: customer.name,
        phone: customer.phone,
        docNumber: showData ? customer.docNumber : null,
        creditLimit: customer.creditLimitCents === null ? null : fromCents(customer.creditLimitCents),
        accountEnabled: customer.accountEnabled,
      },
      balance: fromCents(customer.balanceCents),
      aging: agingJson(aging),
      movements: lines.map((m) => ({
        id: m.id,
        kind: m.kind,
        amount: fromCents(m.amountCents),
        balance: fromCents(m.balanceCents),
        occurredAt: m.occurredAt,
        saleId: m.saleId,
        saleNumber: m.saleNumber,
        paymentMethod: m.paymentMethod,
        overLimit: m.overLimit,
        note: m.note,
      })),
      whatsappUrl: whatsappStatementLink(customer, customer.balanceCents),
      generatedAt: now.toISOString(),
    };
  });
}

export async function accountAging(store: Store, now = new Date()): Promise<AccountAgingJson> {
  return store.read(async (q) => {
    const accounts = await accountLedgerRepository.accountCustomers(q);
    const byCustomer = new Map<number, { amountCents: number; occurredAt: string }[]>();
    for (const m of await accountLedgerRepository.movementsOfOpenAccounts(q)) {
      const list = byCustomer.get(m.customerId) ?? [];
      list.push(m);
      byCustomer.set(m.customerId, list);
    }
    const totals: Aging = { d0_30: 0, d31_60: 0, d61_90: 0, d90: 0, totalCents: 0, creditCents: 0 };
    const customers = accounts.map((c) => {
      const aging = agingOf(byCustomer.get(c.id) ?? [], now.toISOString());
      for (const key of ['d0_30', 'd31_60', 'd61_90', 'd90', 'totalCents', 'creditCents'] as const) totals[key] += aging[key];
      return {
        id: c.id,
        name: c.name,
        balance: fromCents(c.balanceCents),
        creditLimit: c.creditLimitCents === null ? null : fromCents(c.creditLimitCents),
        overLimit: overLimit(c.balanceCents, c.creditLimitCents),
        aging: agingJson(aging),
      };
    });
    const flagged = await accountLedgerRepository.overLimitSales(q, 50);
    return {
      asOf: now.toISOString(),
      totals: agingJson(totals),
      customers,
      overLimitSales: flagged.map((f) => ({
        saleId: f.movement.saleId,
        customerId: f.movement.customerId,
        customerName: f.customerName,
        amount: fromCents(f.movement.amountCents),
        occurredAt: f.movement.occurredAt,
      })),
    };
  });
}
