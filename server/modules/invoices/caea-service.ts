/**
 * What the CAEA contingency shows (issue #11): the pull's DeviceCaeaJson for a counter device (its CAEA
 * point of sale, the server's last numbers there, the valid CAEAs, the issuer's data) and the owner's
 * "Contingencia (CAEA)" view. Reads only; the keeper and the reporter do the work.
 */
import type { CaeaContingencyJson, CaeaJson } from '../../../domain/schemas/invoices';
import type { DeviceCaeaJson } from '../../../domain/schemas/sync';
import type { Db } from '../../db/client';
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
export function deviceCaea(db: Db, eff: EffectiveArca, device: { caeaPtoVta: number | null }): DeviceCaeaJson | null {
  if (!eff.configured || device.caeaPtoVta === null) return null;
  const key = issuerKeyOf(eff);
  return {
    ptoVta: device.caeaPtoVta,
    lastNumbers: caeaRepository.lastNumbers(db, key, device.caeaPtoVta),
    caeas: caeaRepository.heldFrom(db, key, argentineToday()).map(caeaJson),
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

export function caeaContingency(db: Db, eff: EffectiveArca): CaeaContingencyJson {
  const today = argentineToday();
  return {
    today,
    caeaPtoVta: eff.caeaPtoVta,
    caeas: eff.configured ? caeaRepository.heldFrom(db, issuerKeyOf(eff), today).map(caeaJson) : [],
    invoices: caeaRepository.unreported(db).map((r) => toInvoiceJson(invoicesRepository.listRowById(db, r.id)!)),
  };
}
