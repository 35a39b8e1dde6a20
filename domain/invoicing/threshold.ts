/**
 * Consumidor-final identification (RG 5700/2025): an operation at or above the threshold (a setting,
 * $ 10.000.000 by default) needs an identified buyer; ARCA refuses it with 10015 otherwise.
 */
import type { Cents } from '../money';
import { formatCents } from '../money';
import type { DocTipo } from './codes';

export function thresholdProblem(totalCents: Cents, docTipo: DocTipo, thresholdCents: Cents): string | null {
  if (docTipo !== 99 || totalCents < thresholdCents) return null;
  return `Para operaciones desde ${formatCents(thresholdCents)} hay que identificar al comprador (CUIT, CUIL o DNI)`;
}
