/**
 * Business info (docs/spec.md §3): one record, read publicly and replaced as a whole by the admin.
 * Every field but businessName is optional text ("" and null both mean "not set").
 */
import { optionalText, requiredText, z } from './common';

/** Optional text that must match `pattern` when present. */
const optionalMatching = (max: number, pattern: RegExp, message: string) =>
  optionalText(max).refine((v) => v === null || pattern.test(v), message);

export const businessInfoBody = z.object({
  businessName: requiredText(120),
  cuit: optionalText(20).refine(
    (v) => v === null || /^\d{11}$/.test(v.replace(/[-\s.]/g, '')),
    'debe tener 11 dígitos (ej. 20-12345678-9)',
  ),
  address: optionalText(200),
  phone: optionalMatching(40, /^[0-9+()\-\s.]+$/, 'solo puede tener números, espacios, +, guiones y paréntesis'),
  email: optionalMatching(120, /^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'no es un email válido'),
  website: optionalMatching(200, /^\S+\.\S+$/, 'no es una dirección web válida'),
  description: optionalText(1000),
  instagram: optionalText(200),
  facebook: optionalText(200),
  whatsapp: optionalMatching(40, /^[0-9+()\-\s.]+$/, 'solo puede tener números, espacios, +, guiones y paréntesis'),
  openingHours: optionalText(300),
  taxCondition: optionalText(100),
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
  taxCondition: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  logo: z.string().nullable(),
});
export type BusinessInfo = z.infer<typeof businessInfoDto>;

/** GET and PUT /business-info reply: the record plus the shop's time zone (SHOP_TIME_ZONE), in which the client shows dates. */
export const businessInfoReply = businessInfoDto.extend({ timeZone: z.string() });
export type BusinessInfoReply = z.infer<typeof businessInfoReply>;
