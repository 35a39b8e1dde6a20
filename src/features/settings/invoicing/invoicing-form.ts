/**
 * The "Facturación electrónica" form: text values for the inputs, checked with the server's own schema
 * (arcaSettingsBody: point of sale range, threshold) so both sides say the same. The issuer's CUIT,
 * condition, start of activities and IIBB are not here: they are edited on the business tab (issue #33.1).
 */
import type { ArcaEnvironment } from '../../../../domain/invoicing';
import { MSG } from '../../../../domain/messages';
import { arcaSettingsBody, type ArcaSettingsBody } from '../../../../domain/schemas/invoices';
import type { ArcaSettings } from '../../../api/invoices';

export interface InvoicingFormValues {
  ptoVta: string;
  caeaPtoVta: string;
  environment: ArcaEnvironment;
  identificationThreshold: string;
}

export type InvoicingField = keyof InvoicingFormValues;

export const FIELD_LABELS: Record<InvoicingField, string> = {
  ptoVta: 'Punto de venta',
  caeaPtoVta: 'Punto de venta CAEA (contingencia)',
  environment: 'Ambiente',
  identificationThreshold: 'Monto desde el que se identifica al consumidor final',
};

export function settingsToForm(settings: ArcaSettings): InvoicingFormValues {
  return {
    ptoVta: settings.ptoVta === null ? '' : String(settings.ptoVta),
    caeaPtoVta: settings.caeaPtoVta === null ? '' : String(settings.caeaPtoVta),
    environment: settings.environment,
    identificationThreshold: new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2 }).format(settings.identificationThreshold),
  };
}

/** The PUT body, or the Spanish message of each wrong field. */
export function parseInvoicingForm(values: InvoicingFormValues): { body: ArcaSettingsBody; errors: null } | { body: null; errors: Partial<Record<InvoicingField, string>> } {
  const parsed = arcaSettingsBody.safeParse({
    ...values,
    ptoVta: values.ptoVta.trim() === '' ? undefined : values.ptoVta.trim(),
    caeaPtoVta: values.caeaPtoVta.trim() === '' ? null : values.caeaPtoVta.trim(),
    identificationThreshold: values.identificationThreshold.trim().replace(/\./g, '').replace(',', '.'),
  });
  if (parsed.success && parsed.data.caeaPtoVta != null && parsed.data.caeaPtoVta === parsed.data.ptoVta) {
    return { body: null, errors: { caeaPtoVta: `${FIELD_LABELS.caeaPtoVta}: ${MSG.caeaPtoVtaSameAsCae}` } };
  }
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: Partial<Record<InvoicingField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as InvoicingField;
    if (!errors[field]) errors[field] = `${FIELD_LABELS[field]}: ${issue.message}`;
  }
  return { body: null, errors };
}
