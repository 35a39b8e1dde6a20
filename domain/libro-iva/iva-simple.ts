/**
 * IVA Simple's débito-fiscal classification (RG 5705/2025, form F.2051) as CSV: one line per (actividad, tipo de
 * operación, tipo de sujeto comprador, código de alícuota) with neto gravado and débito fiscal, credit notes
 * already subtracted. Layout after ayuda.xubio.com (?p=16069): ";" separated, amounts with a decimal comma.
 * Mostrador sells goods and services taxed at a rate, so the operation type is always 1.
 */
import type { Cents } from '../money';

export interface DebitoLine {
  /** 1 RI, 2 monotributista, 3 consumidor final / exento / no alcanzado. */
  buyerType: number;
  alicId: number;
  baseCents: Cents;
  ivaCents: Cents;
}

const decimal = (cents: Cents) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

export const IVA_SIMPLE_HEADER = 'Actividad;Tipo de operación;Tipo de sujeto;Alícuota;Neto gravado;Débito fiscal';

export function ivaSimpleCsv(activity: string, lines: readonly DebitoLine[]): string {
  const rows = lines.map((l) => [activity, '1', String(l.buyerType), String(l.alicId), decimal(l.baseCents), decimal(l.ivaCents)].join(';'));
  return [IVA_SIMPLE_HEADER, ...rows].map((r) => `${r}\r\n`).join('');
}
