/**
 * Business info: read by anyone (landing, catalogue, login title), replaced as a whole by the admin.
 * Every reply carries the shop's time zone (config, not stored), so the client's dates use the same one.
 */
import type { BusinessInfo, BusinessInfoInput, BusinessInfoReply } from '../../../domain/schemas/business';
import type { Db } from '../../db/client';
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

export function getBusinessInfo(db: Db, timeZone: string): BusinessInfoReply {
  return { ...toBusinessInfo(businessInfoRepository.get(db)), timeZone };
}

/** Replaces every field: one left out of the body is cleared, as the settings form always sends them all. */
export function updateBusinessInfo(db: Db, input: BusinessInfoInput, timeZone: string): BusinessInfoReply {
  return { ...toBusinessInfo(businessInfoRepository.save(db, { ...EMPTY, ...input })), timeZone };
}
