/** The business-info form (docs/spec.md §2 Settings): every field as text, checked with businessInfoBody on save. */
import { ISSUER_TAX_CONDITION_LABELS, ISSUER_TAX_CONDITIONS } from '../../../../domain/invoicing/codes';
import { formatCuit } from '../../../../domain/invoicing/cuit';
import type { BusinessInfo } from '../../../api/business';

export type BusinessFormValues = Record<keyof BusinessInfo, string>;

export const BUSINESS_KEYS: (keyof BusinessInfo)[] = [
  'businessName',
  'cuit',
  'address',
  'phone',
  'email',
  'website',
  'description',
  'instagram',
  'facebook',
  'whatsapp',
  'openingHours',
  'taxCondition',
  'startOfActivities',
  'iibb',
  'province',
  'city',
  'postalCode',
  'logo',
];

export function businessToForm(info: BusinessInfo | null): BusinessFormValues {
  const values = Object.fromEntries(BUSINESS_KEYS.map((key) => [key, info?.[key] ?? ''])) as BusinessFormValues;
  return { ...values, cuit: values.cuit ? formatCuit(values.cuit) : '' };
}

/** The issuer's IVA condition (issue #33.1: its one home); stored as its code. */
export const TAX_CONDITIONS = ISSUER_TAX_CONDITIONS.map((value) => ({ value, label: ISSUER_TAX_CONDITION_LABELS[value] }));
