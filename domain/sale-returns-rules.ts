/**
 * The owner's rules for returns taken by sellers at the counter (issue #35 item 6): configuration entries of
 * categoria "devoluciones", set by the admin in Configuración → Permisos. Pure; the server judges every
 * seller's return with sellerReturnRefusal inside the return's transaction, the counter shows the same rules.
 * Invariants:
 * - An admin is never limited; any other role is (a seller).
 * - Defaults a shop owner can live with until they decide: sellers may take returns, up to 30 days after the
 *   sale, up to $ 50.000 refunded per sale. A missing or unreadable entry means its default.
 * - The amount limit counts everything refunded on the sale (earlier returns, by anyone, plus this one), so
 *   a large refund cannot be split into small returns; the days are calendar days in the shop's time zone
 *   (a sale of the 1st may be returned on the 31st with 30 days, not on the 32nd).
 */
import { formatCents, toCents, type Cents } from './money';

export const RETURN_RULES_CATEGORY = 'devoluciones';

export const RETURN_RULES_ENTRIES = [
  { clave: 'vendedores_pueden_devolver', valor: 'true', tipo: 'boolean', descripcion: 'Los vendedores pueden registrar devoluciones en el mostrador' },
  { clave: 'dias_maximos', valor: '30', tipo: 'number', descripcion: 'Días desde la venta en que un vendedor puede registrar su devolución' },
  { clave: 'monto_maximo_vendedor', valor: '50000', tipo: 'number', descripcion: 'Importe máximo (en pesos) que un vendedor puede devolver por venta sin un administrador' },
] as const;
export type ReturnRuleKey = (typeof RETURN_RULES_ENTRIES)[number]['clave'];

export const RETURN_RULE_LIMITS = { maxDays: 3650, maxAmount: 1_000_000_000 } as const;

export interface ReturnRules {
  sellersAllowed: boolean;
  maxDays: number;
  maxAmountCents: Cents;
}

/** Why `valor` cannot be saved for `clave`, in Spanish; null when it can (the type was checked before). */
export function returnRuleValueError(clave: string, valor: string): string | null {
  if (clave === 'dias_maximos') {
    if (!/^\d+$/.test(valor) || Number(valor) > RETURN_RULE_LIMITS.maxDays) return `Días máximos: debe ser un número entero entre 0 y ${RETURN_RULE_LIMITS.maxDays}`;
  }
  if (clave === 'monto_maximo_vendedor') {
    if (!/^\d+(\.\d{1,2})?$/.test(valor)) return 'Importe máximo: debe ser un importe en pesos, mayor o igual a 0, con hasta 2 decimales';
    if (Number(valor) > RETURN_RULE_LIMITS.maxAmount) return `Importe máximo: no puede superar ${formatCents(RETURN_RULE_LIMITS.maxAmount * 100)}`;
  }
  return null;
}

const defaultOf = (clave: ReturnRuleKey) => RETURN_RULES_ENTRIES.find((e) => e.clave === clave)!.valor;

/** The rules from the stored entries (any categoria's rows may be passed; others are ignored). */
export function returnRulesOf(entries: readonly { clave: string; valor: string }[]): ReturnRules {
  const valueOf = (clave: ReturnRuleKey) => {
    const stored = entries.find((e) => e.clave === clave)?.valor;
    return stored !== undefined && returnRuleValueError(clave, stored) === null ? stored : defaultOf(clave);
  };
  const allowed = valueOf('vendedores_pueden_devolver');
  return {
    sellersAllowed: (allowed === 'true' || allowed === 'false' ? allowed : defaultOf('vendedores_pueden_devolver')) === 'true',
    maxDays: Number(valueOf('dias_maximos')),
    maxAmountCents: toCents(valueOf('monto_maximo_vendedor')),
  };
}

/** Calendar days from one local date (YYYY-MM-DD) to another. */
export function daysFrom(saleDay: string, today: string): number {
  const utc = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return Math.round((utc(today) - utc(saleDay)) / 86_400_000);
}

const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const ASK_ADMIN = 'Pedile a un administrador que la registre.';

export const RETURN_RULES_MSG = {
  sellersNotAllowed: `El dueño no habilitó las devoluciones por vendedores. ${ASK_ADMIN}`,
  tooOld: (saleNumber: string, saleDay: string, days: number, maxDays: number) =>
    `La venta ${saleNumber} es del ${dayLabel(saleDay)} (hace ${days} días) y los vendedores pueden registrar devoluciones hasta ${maxDays} ${maxDays === 1 ? 'día' : 'días'} después de la venta. ${ASK_ADMIN}`,
  overAmount: (saleNumber: string, refundCents: Cents, totalCents: Cents, maxCents: Cents) =>
    `Los vendedores pueden devolver hasta ${formatCents(maxCents)} por venta sin un administrador` +
    (totalCents === refundCents
      ? `, y esta devolución es de ${formatCents(refundCents)}. `
      : `, y con esta devolución de ${formatCents(refundCents)} la venta ${saleNumber} sumaría ${formatCents(totalCents)} devueltos. `) +
    ASK_ADMIN,
  /** The counter's summary of the rules for a seller. */
  summary: (rules: ReturnRules) =>
    `Podés registrar devoluciones hasta ${rules.maxDays} ${rules.maxDays === 1 ? 'día' : 'días'} después de la venta y hasta ${formatCents(rules.maxAmountCents)} devueltos por venta.`,
} as const;

export interface SellerReturn {
  saleNumber: string;
  /** The sale's local date (shop time zone) and today's, YYYY-MM-DD. */
  saleDay: string;
  today: string;
  /** What this return refunds, and what earlier returns of the sale refunded. */
  refundCents: Cents;
  alreadyReturnedCents: Cents;
}

/** Why a seller may not take this return, in Spanish naming the limit; null when the rules allow it. */
export function sellerReturnRefusal(rules: ReturnRules, ret: SellerReturn): string | null {
  if (!rules.sellersAllowed) return RETURN_RULES_MSG.sellersNotAllowed;
  const days = daysFrom(ret.saleDay, ret.today);
  if (days > rules.maxDays) return RETURN_RULES_MSG.tooOld(ret.saleNumber, ret.saleDay, days, rules.maxDays);
  const total = ret.alreadyReturnedCents + ret.refundCents;
  if (total > rules.maxAmountCents) return RETURN_RULES_MSG.overAmount(ret.saleNumber, ret.refundCents, total, rules.maxAmountCents);
  return null;
}
