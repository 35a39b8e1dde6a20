/**
 * The CAEA keeper (issue #11): while invoicing is configured, holds the CAEA of the current fortnight and
 * of the next one as soon as its request window opens (domain/invoicing/caea.ts fortnightsToHold), in
 * table `caeas`. FECAEAConsultar always goes first, so a FECAEASolicitar whose reply was lost is found
 * instead of asked again. A transport failure leaves the fortnight for the next run.
 */
import { fortnightsToHold } from '../../../domain/invoicing/caea';
import { arcaDate } from '../../../domain/invoicing/format';
import type { Store } from '../../db/store';
import { CaeaClient, type CaeaGrant } from '../../integrations/arca/caea';
import { ArcaServiceError, ARCA_CODES } from '../../integrations/arca/errors';
import { caeaRepository, type CaeaRow, type IssuerKey } from './caea-repository';
import type { ArcaRuntime, EffectiveArca } from './runtime';

/** Today's Argentine calendar date, "YYYY-MM-DD". */
export const argentineToday = (): string => {
  const d = arcaDate(Date.now());
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
};

export const issuerKeyOf = (eff: EffectiveArca): IssuerKey => ({ issuerCuit: eff.cuit!, environment: eff.environment, simulator: eff.simulator });

export const caeaClient = (runtime: ArcaRuntime, eff: EffectiveArca) => new CaeaClient(runtime.wsfe(eff));

/** Makes sure the CAEAs to hold on `today` are stored; returns the ones held afterwards. Throws on transport errors. */
export async function keepCaeas(store: Store, runtime: ArcaRuntime, today = argentineToday()): Promise<CaeaRow[]> {
  const eff = await runtime.effective();
  if (!eff.configured) return [];
  const key = issuerKeyOf(eff);
  const client = caeaClient(runtime, eff);
  for (const f of fortnightsToHold(today)) {
    if (await store.read((q) => caeaRepository.find(q, key, f.periodo, f.orden))) continue;
    let grant: CaeaGrant;
    try {
      grant = await runtime.withAuth(eff, (a) => client.consult(a, f.periodo, f.orden));
    } catch (e) {
      if (!(e instanceof ArcaServiceError && e.has(ARCA_CODES.notFound))) throw e;
      try {
        grant = await runtime.withAuth(eff, (a) => client.request(a, f.periodo, f.orden));
      } catch (err) {
        // Not yet inside ARCA's window for this fortnight (clock differences): asked again on the next run.
        if (err instanceof ArcaServiceError && err.has(ARCA_CODES.caeaOutsideWindow)) continue;
        throw err;
      }
    }
    await store.write((tx) => caeaRepository.store(tx, { ...key, periodo: grant.periodo, orden: grant.orden, caea: grant.caea, validFrom: grant.validFrom, validTo: grant.validTo, reportDeadline: grant.reportDeadline }));
  }
  return store.read((q) => caeaRepository.heldFrom(q, key, today));
}
