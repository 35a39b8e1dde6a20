/**
 * The server's CAEA contingency (issue #11, CONTRACT rules): a pending invoice that could not reach ARCA
 * BEFORE any number was sent (login or FECompUltimoAutorizado failed by transport; no number, never
 * sent) is issued on the server's own CAEA point of sale with the CAEA valid today, when both exist. A
 * row that may already be at ARCA never comes here (caeaRepository.numberWithCaea re-checks it inside
 * its transaction). The reporter informs it to ARCA later.
 */
import { arcaDate } from '../../../domain/invoicing/format';
import type { Db } from '../../db/client';
import type { FecaeDetRequest } from '../../integrations/arca/wsfe';
import { caeaRepository } from './caea-repository';
import { argentineToday, issuerKeyOf } from './caea-keeper';
import type { InvoiceRow } from './repository';
import type { EffectiveArca } from './runtime';

/** The row issued with CAEA, or null when the contingency does not apply (no CAEA point of sale or no valid CAEA). */
export function issueWithCaea(db: Db, eff: EffectiveArca, row: InvoiceRow): InvoiceRow | null {
  if (!eff.caeaPtoVta || eff.caeaPtoVta === eff.ptoVta || row.cbteNro !== null || row.attempts > 0) return null;
  const caea = caeaRepository.validOn(db, issuerKeyOf(eff), argentineToday());
  if (!caea) return null;
  const cbteFch = arcaDate(Date.now());
  const detail = JSON.parse(row.requestJson) as FecaeDetRequest;
  return caeaRepository.numberWithCaea(db, row, { ptoVta: eff.caeaPtoVta, cbteFch, caea }, (nro) =>
    JSON.stringify({ ...detail, CbteDesde: nro, CbteHasta: nro, CbteFch: cbteFch }),
  );
}
