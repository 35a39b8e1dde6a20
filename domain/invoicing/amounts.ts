/**
 * Invoice amounts in integer cents (docs/reference/arca-wsfe.md "Amount rules"). Shop prices include IVA. The sale's
 * discount is spread over the IVA rates in proportion to their gross (largest remainder, so the parts
 * add up to the cent), then per rate base = round(gross / (1 + rate)) and IVA = gross − base. Hence
 * ImpTotal = ImpNeto + ImpIVA exactly and |IVA − round(base × rate)| ≤ 1 cent for every aliquot
 * (ARCA's 10048 and 10051 can never come from these numbers). Factura C has no IVA: ImpNeto = total.
 */
import type { Cents } from '../money';
import { IVA_ALIC_ID, IVA_RATES, type CbteTipo, type IvaRate } from './codes';

export interface InvoiceLine {
  grossCents: Cents;
  ivaRate: IvaRate;
}

export interface AlicuotaAmounts {
  id: 3 | 4 | 5 | 6;
  rate: IvaRate;
  baseCents: Cents;
  ivaCents: Cents;
}

export interface InvoiceAmounts {
  totalCents: Cents;
  netCents: Cents;
  ivaCents: Cents;
  /** Empty for Factura C. Ordered by aliquot id. */
  alicuotas: AlicuotaAmounts[];
}

/** Splits `amount` over `weights` proportionally, exact to the unit (largest remainder). */
export function allocate(amount: Cents, weights: readonly Cents[]): Cents[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return weights.map(() => 0);
  const big = weights.map((w) => (BigInt(amount) * BigInt(w)) / BigInt(total));
  const rest = weights.map((w, i) => ({ i, r: (BigInt(amount) * BigInt(w)) % BigInt(total) }));
  let left = amount - big.reduce((a, b) => a + Number(b), 0);
  rest.sort((a, b) => (b.r > a.r ? 1 : b.r < a.r ? -1 : a.i - b.i));
  const out = big.map(Number);
  for (const { i } of rest) {
    if (left <= 0) break;
    out[i] += 1;
    left -= 1;
  }
  return out;
}

/** Base of a gross amount that includes IVA at `rate` percent, rounded half up to the cent. */
export function baseFromGross(grossCents: Cents, rate: IvaRate): Cents {
  // gross / (1 + rate/100) = gross * 1000 / (1000 + rate*10); integers keep it exact.
  const num = BigInt(grossCents) * 1000n;
  const den = BigInt(1000 + Math.round(rate * 10));
  return Number((num * 2n + den) / (den * 2n));
}

/** The amounts ARCA receives for a sale's lines and discount on a comprobante of type `tipo`. */
export function invoiceAmounts(lines: readonly InvoiceLine[], discountCents: Cents, tipo: CbteTipo): InvoiceAmounts {
  const gross = lines.reduce((a, l) => a + l.grossCents, 0);
  if (discountCents < 0 || discountCents > gross) throw new RangeError('El descuento no puede superar el subtotal de la venta');
  const totalCents = gross - discountCents;
  if (tipo === 11) return { totalCents, netCents: totalCents, ivaCents: 0, alicuotas: [] };
  const rates = IVA_RATES.filter((r) => lines.some((l) => l.ivaRate === r)).sort((a, b) => IVA_ALIC_ID[a] - IVA_ALIC_ID[b]);
  const groups = rates.map((r) => lines.filter((l) => l.ivaRate === r).reduce((a, l) => a + l.grossCents, 0));
  const discounts = allocate(discountCents, groups);
  const alicuotas: AlicuotaAmounts[] = [];
  rates.forEach((rate, i) => {
    const g = groups[i] - discounts[i];
    if (g <= 0) return;
    const baseCents = baseFromGross(g, rate);
    alicuotas.push({ id: IVA_ALIC_ID[rate], rate, baseCents, ivaCents: g - baseCents });
  });
  const netCents = alicuotas.reduce((a, x) => a + x.baseCents, 0);
  const ivaCents = alicuotas.reduce((a, x) => a + x.ivaCents, 0);
  return { totalCents, netCents, ivaCents, alicuotas };
}

/** IVA contenido for the "Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)" block. */
export function ivaContenidoCents(lines: readonly InvoiceLine[], discountCents: Cents): Cents {
  return invoiceAmounts(lines, discountCents, 6).ivaCents;
}
