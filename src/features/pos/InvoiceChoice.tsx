/**
 * The Factura choice of "Completar Venta" (issue #11): a plain ticket ("No válido como factura", the
 * default) or a Factura of the one type the issuer may emit for this buyer (domain/invoicing letter
 * rules through invoice-form.ts, the same fields as "Generar Factura Electrónica"): the buyer's IVA
 * condition (Consumidor Final by default), the document type and number, and — when the letter or the
 * amount requires them (a Factura A, or at the identification threshold; issue #33.3) — the buyer's name
 * and address, checked before the sale is confirmed. Large targets; every control
 * is a native radio, select or input, so the keyboard reaches all of it.
 */
import { Alert, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CBTE_TIPO_LABELS, CONDICION_IVA_LABELS, DOC_TIPO_LABELS, docTiposFor, type CondicionIvaReceptor, type DocTipo, type IssuerTaxCondition } from '../../../domain/invoicing';
import type { InvoiceStatusJson } from '../../../domain/schemas/invoices';
import { TouchSelect } from '../../ui/TouchSelect';
import { conditionOptions, typeOptions, withCondition, type InvoiceFormErrors, type InvoiceFormValues } from '../invoices/invoice-form';

export interface InvoiceChoiceValue {
  wanted: boolean;
  values: InvoiceFormValues;
}

/** Why the counter cannot offer an invoice now, or null. */
export function invoiceUnavailable(status: InvoiceStatusJson | undefined): string | null {
  if (!status) return 'Para emitir facturas, conectate una vez: el mostrador guarda los datos del emisor.';
  if (!status.configured || !status.taxCondition) return status.message || 'La facturación electrónica no está configurada.';
  return null;
}

interface Props {
  issuer: IssuerTaxCondition | null;
  /** The letter or the amount requires the buyer's name and address. */
  buyerRequired: boolean;
  unavailable: string | null;
  value: InvoiceChoiceValue;
  onChange: (value: InvoiceChoiceValue) => void;
  errors: InvoiceFormErrors;
}

export function InvoiceChoice({ issuer, buyerRequired, unavailable, value, onChange, errors }: Props) {
  const { values } = value;
  const set = (patch: Partial<InvoiceFormValues>) => onChange({ ...value, values: { ...values, ...patch } });
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="lg"
        fullWidth
        aria-label="Comprobante"
        // Each half a 44 px touch target (issue #35.6; Mantine's lg is 42 px).
        styles={{ label: { minHeight: 44, lineHeight: '44px', paddingBlock: 0 } }}
        value={value.wanted ? 'factura' : 'ticket'}
        onChange={(v) => onChange({ ...value, wanted: v === 'factura' })}
        data={[
          { value: 'ticket', label: 'Ticket (sin factura)' },
          { value: 'factura', label: 'Factura', disabled: Boolean(unavailable) },
        ]}
      />
      {unavailable && (
        <Alert color="info" variant="light" p="xs">
          {unavailable}
        </Alert>
      )}
      {value.wanted && issuer && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="invoice-choice">
          <TouchSelect
            label="Condición frente al IVA"
            data={conditionOptions(issuer).map((c) => ({ value: String(c), label: CONDICION_IVA_LABELS[c] }))}
            value={String(values.condicion)}
            onChange={(v) => v && onChange({ ...value, values: withCondition(issuer, values, Number(v) as CondicionIvaReceptor) })}
          />
          <TouchSelect
            label="Tipo de comprobante"
            data={typeOptions(issuer, values.condicion).map((t) => ({ value: String(t), label: CBTE_TIPO_LABELS[t] }))}
            value={values.tipo === null ? null : String(values.tipo)}
            onChange={() => undefined}
            error={errors.tipo}
          />
          <TouchSelect
            label="Tipo de documento"
            data={(values.tipo === null ? [] : docTiposFor(values.tipo, values.condicion)).map((d) => ({ value: String(d), label: DOC_TIPO_LABELS[d] }))}
            value={values.docTipo === null ? null : String(values.docTipo)}
            onChange={(v) => set({ docTipo: v ? (Number(v) as DocTipo) : null, docNro: v === '99' ? '' : values.docNro })}
            error={errors.docTipo}
          />
          {values.docTipo !== 99 && (
            <TextInput
              size="md"
              label="Número de documento"
              description="Sin puntos ni guiones"
              inputMode="numeric"
              autoComplete="off"
              value={values.docNro}
              onChange={(event) => set({ docNro: event.currentTarget.value })}
              error={errors.docNro}
            />
          )}
          {buyerRequired && (
            <>
              <TextInput
                size="md"
                label="Nombre o razón social"
                withAsterisk
                autoComplete="off"
                value={values.name}
                onChange={(event) => set({ name: event.currentTarget.value })}
                error={errors.name}
              />
              <TextInput
                size="md"
                label="Domicilio"
                withAsterisk
                autoComplete="off"
                value={values.address}
                onChange={(event) => set({ address: event.currentTarget.value })}
                error={errors.address}
              />
            </>
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}
