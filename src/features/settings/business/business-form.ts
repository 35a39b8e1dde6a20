/** The business-info form (docs/spec.md §2 Settings): every field as text, checked with businessInfoBody on save. */
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
  'province',
  'city',
  'postalCode',
  'logo',
];

export function businessToForm(info: BusinessInfo | null): BusinessFormValues {
  return Object.fromEntries(BUSINESS_KEYS.map((key) => [key, info?.[key] ?? ''])) as BusinessFormValues;
}

export const TAX_CONDITIONS = ['Responsable Inscripto', 'Monotributo', 'Exento', 'Consumidor Final'];
