/**
 * The inputs of a customer (back office dialog and the counter's "Nuevo cliente"): document type and
 * number, razón social, IVA condition (Spanish labels), address, phone, e-mail; notes and, for the admin,
 * the cuenta corriente and its credit limit (es-AR money, "$ 1.234,56"). Touch-sized (44 px).
 */
import { Checkbox, Group, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { CUSTOMER_DOC_TYPE_LABELS, CUSTOMER_DOC_TYPES } from '../../../domain/customers';
import { CONDICION_IVA_LABELS, CONDICIONES_IVA } from '../../../domain/invoicing/codes';
import type { FieldErrors } from '../../ui/schema-form';
import { TouchSelect } from '../../ui/TouchSelect';
import type { CustomerField, CustomerValues } from './customer-form';

const DOC_TYPE_OPTIONS = CUSTOMER_DOC_TYPES.map((value) => ({ value: String(value), label: CUSTOMER_DOC_TYPE_LABELS[value] }));
const IVA_OPTIONS = CONDICIONES_IVA.map((value) => ({ value: String(value), label: CONDICION_IVA_LABELS[value] }));

export interface CustomerFieldsProps {
  values: CustomerValues;
  errors: FieldErrors<CustomerField>;
  onChange: (patch: Partial<CustomerValues>) => void;
  /** Notes and the cuenta corriente fields (back office). */
  full?: boolean;
  /** Admin: the cuenta corriente and its limit. */
  withAccount?: boolean;
  /** Shown under the document number (the registry lookup's state). */
  docHint?: ReactNode;
  disabled?: boolean;
}

export function CustomerFields({ values, errors, onChange, full, withAccount, docHint, disabled }: CustomerFieldsProps) {
  const text = (field: Exclude<CustomerField, 'docType' | 'ivaConditionId'>) => ({
    value: values[field],
    error: errors[field],
    disabled,
    size: 'md' as const,
    onChange: (event: { currentTarget: { value: string } }) => onChange({ [field]: event.currentTarget.value }),
  });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TouchSelect label="Tipo de documento" data={DOC_TYPE_OPTIONS} value={values.docType} disabled={disabled} onChange={(v) => v && onChange({ docType: v, ...(v === '99' ? { docNumber: '' } : {}) })} />
        <TextInput label="Número de documento" inputMode="numeric" autoComplete="off" {...text('docNumber')} disabled={disabled || values.docType === '99'} description={docHint} />
      </SimpleGrid>
      <TextInput label="Razón social o nombre" required {...text('name')} />
      <TouchSelect label="Condición frente al IVA" data={IVA_OPTIONS} value={values.ivaConditionId} error={errors.ivaConditionId} disabled={disabled} onChange={(v) => v && onChange({ ivaConditionId: v })} />
      <TextInput label="Domicilio" {...text('address')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Teléfono" inputMode="tel" {...text('phone')} />
        <TextInput label="Email" type="email" {...text('email')} />
      </SimpleGrid>
      {full && <Textarea label="Notas" autosize minRows={2} {...text('notes')} />}
      {full && withAccount && (
        <Group align="flex-end" grow>
          <Checkbox
            size="md"
            label="Cuenta corriente habilitada"
            checked={values.accountEnabled}
            disabled={disabled}
            onChange={(event) => onChange({ accountEnabled: event.currentTarget.checked })}
            styles={{ body: { minHeight: 44, alignItems: 'center' } }}
          />
          <TextInput label="Límite de crédito" placeholder="Sin límite" leftSection="$" inputMode="decimal" {...text('creditLimit')} />
        </Group>
      )}
    </>
  );
}
