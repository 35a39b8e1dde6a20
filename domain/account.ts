/**
 * Pure rules of the cuenta corriente (issue #33 item 4), in integer cents. Invariants:
 * - A balance is what the customer owes: the sum of its ledger's movements (+ a sale on account, − a payment,
 *   a cancelled sale or a return). Nothing else sets it.
 * - A sale on account is never refused for the limit (it may be captured offline): it is over the limit when
 *   the balance after it exceeds a limit that is set; no limit (null) is never over.
 * - Aging: payments and credits settle the oldest charges first (FIFO); what is still owed of each charge is
 *   aged by its date in whole days: 0–30, 31–60, 61–90, >90.
 * - A statement lists the movements oldest first with the running balance after each one.
 * No zod here: the counter's screens read it (issue #17: no schema code on /pos).
 */
import { formatCents, type Cents } from './money';

/** How a payment on account may be taken at the counter. */
export const ACCOUNT_PAYMENT_METHODS = ['efectivo', 'transferencia', 'tarjeta'] as const;
export type AccountPaymentMethod = (typeof ACCOUNT_PAYMENT_METHODS)[number];
/** At most this many payments per POST /sync/account-payments. */
export const ACCOUNT_PUSH_MAX_PAYMENTS = 200;

export const ACCOUNT_MOVEMENT_LABELS: Record<string, string> = {
  sale: 'Venta a cuenta',
  payment: 'Cobro a cuenta',
  sale_cancel: 'Venta anulada',
  return: 'Devolución',
  adjustment: 'Ajuste',
};

export const ACCOUNT_MSG = {
  noCustomer: 'Elegí un cliente para vender en cuenta corriente',
  noAccount: 'El cliente no tiene cuenta corriente habilitada',
  unknownCustomer: 'El cliente no existe',
  amountPositive: 'El importe debe ser mayor a cero',
  paymentRecorded: 'Cobro a cuenta registrado',
  paymentBodyMismatch: 'Ese cobro ya se registró con otros datos',
  syncError: 'No se pudieron enviar los cobros a cuenta',
  noCustomerNote: 'Venta en cuenta corriente sin un cliente conocido: no se cargó a ninguna cuenta',
  disabledNote: (name: string) => `Venta en cuenta corriente a ${name}, que no tiene la cuenta habilitada: se cargó igual`,
  overLimitNote: (balance: Cents, limit: Cents) =>
    `Cuenta corriente: la venta deja el saldo en ${formatCents(balance)}, por encima del límite de ${formatCents(limit)}`,
  overLimitWarning: (balance: Cents, limit: Cents) =>
    `Con esta venta el saldo queda en ${formatCents(balance)} y supera el límite de ${formatCents(limit)}. ¿Confirmar igual?`,
} as const;

/** The balance after adding `amount` is over the limit (a limit must be set). */
export function overLimit(balanceAfterCents: Cents, limitCents: Cents | null): boolean {
  return limitCents !== null && balanceAfterCents > limitCents;
}

export interface LedgerMovement {
  amountCents: Cents;
  /** ISO instant or date it happened. */
  occurredAt: string;
}

export const accountBalance = (movements: readonly Pick<LedgerMovement, 'amountCents'>[]): Cents =>
  movements.reduce((sum, m) => sum + m.amountCents, 0);

/** Movements oldest first with the balance after each (ties keep their given order). */
export function statementLines<T extends LedgerMovement>(movements: readonly T[], openingCents: Cents = 0): (T & { balanceCents: Cents })[] {
  let balance = openingCents;
  return [...movements]
    .map((m, i) => ({ m, i }))
    .sort((a, b) => (a.m.occurredAt < b.m.occurredAt ? -1 : a.m.occurredAt > b.m.occurredAt ? 1 : a.i - b.i))
    .map(({ m }) => {
      balance += m.amountCents;
      return { ...m, balanceCents: balance };
    });
}

export const AGING_BUCKETS = ['d0_30', 'd31_60', 'd61_90', 'd90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<AgingBucket, string> = { d0_30: '0 a 30 días', d31_60: '31 a 60 días', d61_90: '61 a 90 días', d90: 'Más de 90 días' };
export type Aging = Record<AgingBucket, Cents> & { totalCents: Cents; creditCents: Cents };

const DAY_MS = 86_400_000;
const dayNumber = (iso: string): number => Math.floor(Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso) / DAY_MS);

function bucketOf(days: number): AgingBucket {
  if (days <= 30) return 'd0_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'd90';
}

/**
 * What is owed by age at `now` (see the header). Buckets sum to the balance when it is positive;
 * `creditCents` is what the customer paid in advance (a negative balance), never aged.
 */
export function agingOf(movements: readonly LedgerMovement[], now: string): Aging {
  const charges: { day: number; left: Cents }[] = [];
  let credit = 0;
  for (const m of statementLines(movements)) {
    if (m.amountCents > 0) {
      // An advance pays the new charge first.
      const used = Math.min(credit, m.amountCents);
      credit -= used;
      if (m.amountCents > used) charges.push({ day: dayNumber(m.occurredAt), left: m.amountCents - used });
    } else {
      let pay = -m.amountCents;
      for (const c of charges) {
        if (pay === 0) break;
        const used = Math.min(c.left, pay);
        c.left -= used;
        pay -= used;
      }
      credit += pay;
    }
  }
  const aging: Aging = { d0_30: 0, d31_60: 0, d61_90: 0, d90: 0, totalCents: 0, creditCents: credit };
  const today = dayNumber(now);
  for (const c of charges) {
    if (c.left === 0) continue;
    aging[bucketOf(Math.max(0, today - c.day))] += c.left;
    aging.totalCents += c.left;
  }
  return aging;
}

/** wa.me wants the number in international form, digits only: an Argentine number without 54 gets it. */
export function whatsappNumber(phone: string | null | undefined): string | null {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 8) return null;
  if (digits.startsWith('00')) digits = digits.slice(2);
  else if (!digits.startsWith('54')) digits = `54${digits.replace(/^0/, '')}`;
  return digits;
}

/** The statement's message to the customer on WhatsApp (null without a usable phone). */
export function whatsappStatementLink(customer: { name: string; phone: string | null }, balanceCents: Cents, shopName?: string | null): string | null {
  const number = whatsappNumber(customer.phone);
  if (!number) return null;
  const from = shopName ? ` de ${shopName}` : '';
  const text =
    balanceCents > 0
      ? `Hola ${customer.name}, te escribimos${from}. El saldo de tu cuenta corriente es de ${formatCents(balanceCents)}. ¡Gracias!`
      : `Hola ${customer.name}, te escribimos${from}. Tu cuenta corriente no tiene saldo pendiente (saldo: ${formatCents(balanceCents)}). ¡Gracias!`;
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}
