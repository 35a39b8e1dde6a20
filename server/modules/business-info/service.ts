/**
 * Business info: read by anyone (landing, catalogue, login title), replaced as a whole by the admin.
 * Every reply carries the shop's time zone (config, not stored), so the client's dates use the same one.
 */
import type { BusinessInfo, BusinessInfoInput, BusinessInfoReply } from '../../../domain/schemas/business';
import type { Store } from '../../db/store';
import { businessInfoRepository, type BusinessInfoRow } from './repository';

const EMPTY: BusinessInfo = {
  businessName: '',
  cuit: null,
  address: null,
  phone: null,
  email: null,
  website: null,
  description: null,
  instagram: null,
  facebook: null,
  whatsapp: null,
  openingHours: null,
  taxCondition: null,
  startOfActivities: null,
  iibb: null,
  province: null,
  city: null,
  postalCode: null,
  logo: null,
};

export function toBusinessInfo(row: BusinessInfoRow | undefined): BusinessInfo {
  if (!row) return { ...EMPTY };
  const { id: _id, revision: _revision, updatedAt: _updatedAt, ...info } = row;
  return info;
}

export async function getBusinessInfo(store: Store, timeZone: string): Promise<BusinessInfoReply> {
  return { ...toBusinessInfo(await store.read(businessInfoRepository.get)), timeZone };
}

/**
 * Replaces every field: one left out of the body is cleared, as the settings form always sends them all.
 * ARCA_CUIT / ARCA_TAX_CONDITION win over the body (the issuer's facts have one home, issue #33.1).
 */
export async function updateBusinessInfo(store: Store, input: BusinessInfoInput, timeZone: string, locked: { cuit?: string; taxCondition?: string } = {}): Promise<BusinessInfoReply> {
  const fixed = { ...(locked.cuit ? { cuit: locked.cuit } : {}), ...(locked.taxCondition ? { taxCondition: locked.taxCondition } : {}) };
  const row = await store.write((tx) => businessInfoRepository.save(tx, { ...EMPTY, ...input, ...fixed }));
  return { ...toBusinessInfo(row), timeZone };
}
