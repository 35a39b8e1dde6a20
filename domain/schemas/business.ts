/**
 * Business info (docs/spec.md §3): one record, read publicly and replaced as a whole by the admin.
 * Every field but businessName is optional ("" and null both mean "not set"). It is the one home of the
 * issuer's fiscal facts (issue #33.1): CUIT (check digit verified, stored as 11 digits), IVA condition
 * (monotributo or responsable_inscripto), start of activities and Ingresos Brutos; invoicing and every
 * printout read them here.
 */
import { ISSUER_TAX_CONDITIONS, type IssuerTaxCondition } from '../invoicing/codes';
import { isValidCuit, onlyDigits } from '../invoicing/cuit';
import { optionalText, requiredText, z } from './common';

/** The issuer condition a stored or typed value names ('Monotributo' → monotributo), or null. */
export function issuerTaxConditionOf(value: string | null | undefined): IssuerTaxCondition | null {
  const v = (value ?? '').trim().toLowerCase();
  if ((ISSUER_TAX_CONDITIONS as readonly string[]).includes(v)) return v as IssuerTaxCondition;
  if (v.includes('monotrib')) return 'monotributo';
  // «Responsable Inscripto», not «No Inscripto» nor «Responsable No Inscripto» (conditions that cannot issue).
  if (/\binscript/.test(v) && !/\bno\s+inscript/.test(v)) return 'responsable_inscripto';
  return null;
}

/** Optional text that must match `pattern` when present. */
const optionalMatching = (max: number, pattern: RegExp, message: string) =>
  optionalText(max).refine((v) => v === null || pattern.test(v), message);

export const businessInfoBody = z.object({
  businessName: requiredText(120),
  cuit: optionalText(20)
    .refine((v) => v === null || /^\d{11}$/.test(onlyDigits(v)), 'debe tener 11 dígitos (ej. 20-12345678-6)')
    .refine((v) => v === null || isValidCuit(v), 'no es válido (dígito verificador incorrecto)')
    .transform((v) => (v === null ? null : onlyDigits(v))),
  address: optionalText(200),
  phone: optionalMatching(40, /^[0-9+()\-\s.]+$/, 'solo puede tener números, espacios, +, guiones y paréntesis'),
  email: optionalMatching(120, /^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'no es un email válido'),
  website: optionalMatching(200, /^\S+\.\S+$/, 'no es una dirección web válida'),
  description: optionalText(1000),
  instagram: optionalText(200),
  facebook: optionalText(200),
  whatsapp: optionalMatching(40, /^[0-9+()\-\s.]+$/, 'solo puede tener números, espacios, +, guiones y paréntesis'),
  openingHours: optionalText(300),
  /** The issuer's IVA condition; the labels 'Monotributo' / 'Responsable Inscripto' are accepted too. */
  taxCondition: optionalText(100)
    .refine((v) => v === null || issuerTaxConditionOf(v) !== null, 'debe ser Monotributo o Responsable Inscripto')
    .transform((v) => (v === null ? null : issuerTaxConditionOf(v))),
  /** Inicio de actividades, "YYYY-MM-DD". */
  startOfActivities: optionalText(10).refine((v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), 'no es una fecha válida (AAAA-MM-DD)'),
  /** Ingresos Brutos registration number. */
  iibb: optionalText(40),
  province: optionalText(100),
  city: optionalText(100),
  postalCode: optionalText(20),
  logo: optionalMatching(500, /^(https?:\/\/|\/uploads\/)\S+$/, 'debe ser una imagen subida (/uploads/...) o una URL http(s)'),
});

export type BusinessInfoInput = z.output<typeof businessInfoBody>;

/** The business info as the API returns it (strings or null; businessName "" when unset). */
export const businessInfoDto = z.object({
  businessName: z.string(),
  cuit: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  instagram: z.string().nullable(),
  facebook: z.string().nullable(),
  whatsapp: z.string().nullable(),
  openingHours: z.string().nullable(),
  /** 'monotributo' or 'responsable_inscripto' (a value typed before issue #33 is returned as it was stored). */
  taxCondition: z.string().nullable(),
  startOfActivities: z.string().nullable(),
  iibb: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  logo: z.string().nullable(),
});
export type BusinessInfo = z.infer<typeof businessInfoDto>;

/** GET and PUT /business-info reply: the record plus the shop's time zone (SHOP_TIME_ZONE), in which the client shows dates. */
export const businessInfoReply = businessInfoDto.extend({ timeZone: z.string() });
export type BusinessInfoReply = z.infer<typeof businessInfoReply>;
