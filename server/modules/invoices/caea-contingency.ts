/**
 * The server's CAEA contingency (issue #11, CONTRACT rules): a pending invoice that could not reach ARCA
 * BEFORE any number was sent (login or FECompUltimoAutorizado failed by transport; no number, never
 * sent) is issued on the server's own CAEA point of sale with the CAEA valid today, when both exist. A
 * row that may already be at ARCA never comes here (caeaRepository.numberWithCaea re-checks it inside
 * the same write unit that numbers it). The reporter informs it to ARCA later.
 */
import { arcaDate } from '../../../domain/invoicing/format';
import type { Store } from '../../db/store';
import type { FecaeDetRequest } from '../../integrations/arca/wsfe';
import { caeaRepository } from './caea-repository';
import { argentineToday, issuerKeyOf } from './caea-keeper';
import type { InvoiceRow } from './repository';
import type { EffectiveArca } from './runtime';

/** The row issued with CAEA, or null when the contingency does not apply (no CAEA point of sale or no valid CAEA). */
export async function issueWithCaea(store: Store, eff: EffectiveArca, row: InvoiceRow): Promise<InvoiceRow | null> {
  const caeaPtoVta = eff.caeaPtoVta;
  if (!caeaPtoVta || caeaPtoVta === eff.ptoVta || row.cbteNro !== null || row.attempts > 0) return null;
  const cbteFch = arcaDate(Date.now());
  const detail = JSON.parse(row.requestJson) as FecaeDetRequest;
  return store.write(async (tx) => {
    const caea = await caeaRepository.validOn(tx, issuerKeyOf(eff), argentineToday());
    if (!caea) return null;
    return caeaRepository.numberWithCaea(tx, row, { ptoVta: caeaPtoVta, cbteFch, caea }, (nro) => JSON.stringify({ ...detail, CbteDesde: nro, CbteHasta: nro, CbteFch: cbteFch }));
  });
}
