import { Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateField } from '../../../ui/DateField';
import { ImagePicker } from '../../../ui/ImagePicker';
import { TouchSelect } from '../../../ui/TouchSelect';
import { TAX_CONDITIONS, type BusinessFormValues } from './business-form';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

type Setter = (key: keyof BusinessFormValues, value: string) => void;

/**
 * General (logo, name, description), Datos fiscales (the issuer's one home, issue #33.1: CUIT, IVA condition,
 * start of activities, Ingresos Brutos — invoicing and every printout use them), Ubicación and Contacto.
 */
interface Props {
  values: BusinessFormValues;
  set: Setter;
  nameError?: string;
  /** Fields fixed by ARCA_CUIT / ARCA_TAX_CONDITION: shown, not editable. */
  locked?: string[];
}

const lockedNote = 'Fijado por una variable de entorno del servidor (ARCA_*)';

export function BusinessInfoFields({ values, set, nameError, locked = [] }: Props) {
  const text = (key: keyof BusinessFormValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} size="md" value={values[key]} onChange={(e) => set(key, e.currentTarget.value)} {...extra} />
  );
  // A condition typed before issue #33 (e.g. "Exento") is shown as it was until the admin picks one of the two.
  const taxOptions =
    values.taxCondition && !TAX_CONDITIONS.some((c) => c.value === values.taxCondition) ? [{ value: values.taxCondition, label: values.taxCondition }, ...TAX_CONDITIONS] : TAX_CONDITIONS;
  return (
    <Stack gap="md">
      <Section title="General">
        <ImagePicker label="Logo" value={values.logo || null} onChange={(logo) => set('logo', logo ?? '')} previewWidth={200} previewHeight={100} />
        {text('businessName', 'Nombre del negocio', { required: true, error: nameError })}
        <Textarea label="Descripción" size="md" autosize minRows={2} maxRows={5} value={values.description} onChange={(e) => set('description', e.currentTarget.value)} />
      </Section>
      <Section title="Datos fiscales">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('cuit', 'CUIT', { placeholder: '20-12345678-6', inputMode: 'numeric', disabled: locked.includes('cuit'), description: locked.includes('cuit') ? lockedNote : undefined })}
          <TouchSelect
            label="Condición frente al IVA"
            data={[{ value: '', label: 'Sin especificar' }, ...taxOptions]}
            value={values.taxCondition}
            onChange={(v) => set('taxCondition', v ?? '')}
            disabled={locked.includes('taxCondition')}
            description={locked.includes('taxCondition') ? lockedNote : undefined}
          />
          <DateField label="Inicio de actividades" value={values.startOfActivities || null} onChange={(v) => set('startOfActivities', v ?? '')} clearable />
          {text('iibb', 'Ingresos Brutos', { placeholder: 'Número de inscripción' })}
        </SimpleGrid>
      </Section>
      <Section title="Ubicación">
        {text('address', 'Dirección')}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {text('city', 'Ciudad')}
          {text('province', 'Provincia')}
          {text('postalCode', 'Código postal')}
        </SimpleGrid>
      </Section>
      <Section title="Contacto">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('phone', 'Teléfono', { type: 'tel' })}
          {text('email', 'Email', { type: 'email' })}
          {text('whatsapp', 'WhatsApp', { type: 'tel' })}
          {text('website', 'Sitio web', { placeholder: 'www.tutienda.com.ar' })}
          {text('instagram', 'Instagram')}
          {text('facebook', 'Facebook')}
        </SimpleGrid>
        {text('openingHours', 'Horario de atención', { placeholder: 'Lunes a viernes de 9 a 18 h' })}
      </Section>
    </Stack>
  );
}
