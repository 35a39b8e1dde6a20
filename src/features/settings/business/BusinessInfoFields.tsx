import { Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
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

/** General (logo, name, CUIT, description, tax condition), Ubicación and Contacto. */
export function BusinessInfoFields({ values, set, nameError }: { values: BusinessFormValues; set: Setter; nameError?: string }) {
  const text = (key: keyof BusinessFormValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} size="md" value={values[key]} onChange={(e) => set(key, e.currentTarget.value)} {...extra} />
  );
  const taxOptions = values.taxCondition && !TAX_CONDITIONS.includes(values.taxCondition) ? [values.taxCondition, ...TAX_CONDITIONS] : TAX_CONDITIONS;
  return (
    <Stack gap="md">
      <Section title="General">
        <ImagePicker label="Logo" value={values.logo || null} onChange={(logo) => set('logo', logo ?? '')} previewWidth={200} previewHeight={100} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('businessName', 'Nombre del negocio', { required: true, error: nameError })}
          {text('cuit', 'CUIT', { placeholder: '20-12345678-9' })}
        </SimpleGrid>
        <Textarea label="Descripción" size="md" autosize minRows={2} maxRows={5} value={values.description} onChange={(e) => set('description', e.currentTarget.value)} />
        <TouchSelect
          label="Condición fiscal"
          data={[{ value: '', label: 'Sin especificar' }, ...taxOptions]}
          value={values.taxCondition}
          onChange={(v) => set('taxCondition', v ?? '')}
        />
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
