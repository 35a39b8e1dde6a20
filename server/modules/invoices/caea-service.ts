/**
 * What the CAEA contingency shows (issue #11): the pull's DeviceCaeaJson for a counter device (its CAEA
 * point of sale, the server's last numbers there, the valid CAEAs, the issuer's data) and the owner's
 * "Contingencia (CAEA)" view. Reads only; the keeper and the reporter do the work.
 */
import type { CaeaContingencyJson, CaeaJson } from '../../../domain/schemas/invoices';
import type { DeviceCaeaJson } from '../../../domain/schemas/sync';
import type { Store } from '../../db/store';
import { argentineToday, issuerKeyOf } from './caea-keeper';
import { caeaRepository, type CaeaRow } from './caea-repository';
import { invoicesRepository } from './repository';
import { toInvoiceJson } from './invoice-json';
import type { EffectiveArca } from './runtime';

const caeaJson = (c: CaeaRow): CaeaJson => ({
  caea: c.caea,
  periodo: c.periodo,
  orden: c.orden === 2 ? 2 : 1,
  validFrom: c.validFrom,
  validTo: c.validTo,
  reportDeadline: c.reportDeadline,
});

/** The pulling device's CAEA data; null when invoicing is not configured or the device has no CAEA point of sale. */
export async function deviceCaea(store: Store, eff: EffectiveArca, device: { caeaPtoVta: number | null }): Promise<DeviceCaeaJson | null> {
  const ptoVta = device.caeaPtoVta;
  if (!eff.configured || ptoVta === null) return null;
  const key = issuerKeyOf(eff);
  const { lastNumbers, held } = await store.read(async (q) => ({
    lastNumbers: await caeaRepository.lastNumbers(q, key, ptoVta),
    held: await caeaRepository.heldFrom(q, key, argentineToday()),
  }));
  return {
    ptoVta,
    lastNumbers,
    caeas: held.map(caeaJson),
    issuer: {
      cuit: eff.cuit!,
      taxCondition: eff.taxCondition!,
      environment: eff.environment,
      simulator: eff.simulator,
      startOfActivities: eff.startOfActivities,
      iibb: eff.iibb,
    },
  };
}

export function caeaContingency(store: Store, eff: EffectiveArca): Promise<CaeaContingencyJson> {
  const today = argentineToday();
  return store.read(async (q) => {
    const caeas = eff.configured ? await caeaRepository.heldFrom(q, issuerKeyOf(eff), today) : [];
    const invoices = [];
    for (const r of await caeaRepository.unreported(q)) invoices.push(toInvoiceJson((await invoicesRepository.listRowById(q, r.id))!));
    return { today, caeaPtoVta: eff.caeaPtoVta, caeas: caeas.map(caeaJson), invoices };
  });
}
