/**
 * Pure rules of the lookup in ARCA's taxpayer registry (padrón, `ws_sr_constancia_inscripcion`
 * getPersona_v2; docs/registry.md). Invariant: the buyer's IVA condition (WSFE CondicionIVAReceptorId) comes
 * from the taxes ARCA lists for the person, by `ivaConditionFromRegistry`, never from what someone typed.
 * The rule (reingart/pyafipws ws_sr_padron `analizar_datos`, shared/reference/arca-padron-libro-iva.md):
 * tax 32 → exento (4); 33 (IVA no inscripto, a status abolished in 1998) → sujeto no categorizado (7);
 * 34 → no alcanzado (15); 30 → responsable inscripto (1); else a monotributo tax (20, 21) or category →
 * monotributo (6; 13 when the category is "social", 16 when it is "promovido"); else consumidor final (5).
 */
import { CONDICION_IVA_LABELS, type CondicionIvaReceptor } from './invoicing/codes';

/** ARCA tax ids (idImpuesto) the rule reads. */
export const REGISTRY_TAX = { ivaRi: 30, ivaExento: 32, ivaNoInscripto: 33, ivaNoAlcanzado: 34, monotributo: 20, monotributoAutonomo: 21 } as const;

export interface RegistryTaxFacts {
  /** idImpuesto of datosRegimenGeneral.impuesto and datosMonotributo.impuesto. */
  taxIds: number[];
  /** datosMonotributo.categoriaMonotributo.descripcionCategoria, when the person has one. */
  monotributoCategory: string | null;
}

export function ivaConditionFromRegistry(facts: RegistryTaxFacts): CondicionIvaReceptor {
  const has = (id: number) => facts.taxIds.includes(id);
  if (has(REGISTRY_TAX.ivaExento)) return 4;
  if (has(REGISTRY_TAX.ivaNoInscripto)) return 7;
  if (has(REGISTRY_TAX.ivaNoAlcanzado)) return 15;
  if (has(REGISTRY_TAX.ivaRi)) return 1;
  if (facts.monotributoCategory !== null || has(REGISTRY_TAX.monotributo) || has(REGISTRY_TAX.monotributoAutonomo)) {
    const category = (facts.monotributoCategory ?? '').toUpperCase();
    if (category.includes('SOCIAL')) return 13;
    if (category.includes('PROMOVID')) return 16;
    return 6;
  }
  return 5;
}

export const ivaConditionLabel = (id: CondicionIvaReceptor): string => CONDICION_IVA_LABELS[id];

export interface RegistryAddressParts {
  direccion?: string | null;
  localidad?: string | null;
  codPostal?: string | null;
  descripcionProvincia?: string | null;
}

/** "Av. Siempre Viva 742, Springfield (1406), Buenos Aires": the parts ARCA gives, in that order, skipping empty ones. */
export function formatRegistryAddress(parts: RegistryAddressParts | null | undefined): string {
  if (!parts) return '';
  const clean = (v: string | null | undefined) => (v ?? '').replace(/\s+/g, ' ').trim();
  const place = [clean(parts.localidad), clean(parts.codPostal) && `(${clean(parts.codPostal)})`].filter(Boolean).join(' ');
  return [clean(parts.direccion), place, clean(parts.descripcionProvincia)].filter(Boolean).join(', ');
}

/** A person's name: razón social for companies, "APELLIDO, Nombre" for people (as ARCA's constancia prints it). */
export function registryName(parts: { razonSocial?: string | null; apellido?: string | null; nombre?: string | null }): string {
  const clean = (v: string | null | undefined) => (v ?? '').replace(/\s+/g, ' ').trim();
  if (clean(parts.razonSocial)) return clean(parts.razonSocial);
  return [clean(parts.apellido), clean(parts.nombre)].filter(Boolean).join(', ');
}
