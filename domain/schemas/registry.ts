/** The lookup in ARCA's taxpayer registry (issue #33.2, docs/registry.md): what the route takes and answers. */
import { text, z } from './common';

export { z };

/** The typed CUIT as it came (dashes and spaces allowed); its check digit is checked by the service, in Spanish. */
export const registryCuitParam = z.object({ cuit: text().trim().max(20, 'no puede superar 20 caracteres') });
export const registryDniParam = z.object({ dni: text().trim().max(12, 'no puede superar 12 caracteres') });

export const registryPersonaJson = z.object({
  /** 11 digits. */
  cuit: z.string(),
  /** Razón social, or "APELLIDO, Nombres". */
  name: z.string(),
  personType: z.enum(['FISICA', 'JURIDICA']).nullable(),
  /** WSFE CondicionIVAReceptorId from the registry's taxes (domain/registry.ts); null when ARCA's constancia had errors. */
  ivaConditionId: z.number().int().nullable(),
  ivaConditionLabel: z.string().nullable(),
  /** Domicilio fiscal in one line ('' when ARCA gives none). */
  address: z.string(),
  /** ARCA's observations on the constancia, in its words. */
  warnings: z.array(z.string()),
});
export type RegistryPersonaJson = z.infer<typeof registryPersonaJson>;
