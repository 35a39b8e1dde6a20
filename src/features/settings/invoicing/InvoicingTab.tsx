/**
 * Facturación electrónica (admin): point of sale, environment, certificate and key, "Probar conexión" and the
 * consumidor-final threshold, and for a monotributo issuer its category table (MonotributoSection). The issuer's CUIT, condition, start of activities and IIBB are shown read-only:
 * they have one home, the business tab (issue #33.1). Fields fixed by environment variables are shown read-only. A form never
 * saves what it never loaded: if the load fails there is an error and "Reintentar", and no form.
 */
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatCuit, ISSUER_TAX_CONDITION_LABELS, type ArcaEnvironment } from '../../../../domain/invoicing';
import { MSG } from '../../../../domain/messages';
import { updateArcaSettings } from '../../../api/invoices';
import { CenteredLoader } from '../../../ui/CenteredLoader';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { TouchSelect } from '../../../ui/TouchSelect';
import { useFeedback } from '../../../ui/useFeedback';
import { invoiceKeys, useArcaSettings } from '../../invoices/invoice-queries';
import { SimulatorBadge } from '../../invoices/SimulatorBadge';
import { ConnectionTestPanel } from './ConnectionTestPanel';
import { CredentialsPanel } from './CredentialsPanel';
import { MonotributoSection } from '../monotributo/MonotributoSection';
import { FIELD_LABELS, parseInvoicingForm, settingsToForm, type InvoicingField, type InvoicingFormValues } from './invoicing-form';

const ENVIRONMENT_OPTIONS = [
  { value: 'homologacion', label: 'Homologación (pruebas)' },
  { value: 'produccion', label: 'Producción' },
];

export function InvoicingTab() {
  const queryClient = useQueryClient();
  const settings = useArcaSettings();
  const [values, setValues] = useState<InvoicingFormValues | null>(null);
  const [errors, setErrors] = useState<Partial<Record<InvoicingField, string>>>({});
  const [saving, setSaving] = useState(false);
  const { feedback, report, clear } = useFeedback();

  useEffect(() => {
    if (settings.data) setValues(settingsToForm(settings.data));
  }, [settings.data]);

  if (settings.error && !settings.data) {
    return (
      <Stack gap="md" align="flex-start">
        <ErrorAlert message={settings.error.message} />
        <Button size="md" variant="default" onClick={() => void settings.refetch()} loading={settings.isFetching}>
          Reintentar
        </Button>
      </Stack>
    );
  }
  if (!settings.data || !values) return <CenteredLoader label="Cargando configuración de facturación" />;

  const loaded = settings.data;
  const locked = (field: string) => loaded.lockedByEnv.includes(field);
  const lockNote = (field: string) => (locked(field) ? MSG.arcaLockedByEnv : undefined);
  const set = <K extends InvoicingField>(key: K, value: InvoicingFormValues[K]) => setValues({ ...values, [key]: value });
  const text = (key: 'ptoVta' | 'caeaPtoVta' | 'identificationThreshold', extra: Record<string, unknown> = {}) => (
    <TextInput
      label={FIELD_LABELS[key]}
      size="md"
      value={values[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
      error={errors[key]}
      disabled={locked(key)}
      description={lockNote(key)}
      {...extra}
    />
  );

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    clear();
    const parsed = parseInvoicingForm(values);
    setErrors(parsed.errors ?? {});
    if (!parsed.body) return;
    setSaving(true);
    const result = await updateArcaSettings(parsed.body);
    setSaving(false);
    if (report(result, MSG.arcaSettingsUpdated)) {
      queryClient.setQueryData(invoiceKeys.settings, result.data);
      await queryClient.invalidateQueries({ queryKey: invoiceKeys.status });
    }
  };

  return (
    <Stack gap="md">
      {loaded.simulator && (
        <Alert color="warning" variant="light" icon={<IconInfoCircle />} title={<SimulatorBadge />}>
          Sin certificado cargado y con los datos de demostración activos, las facturas se emiten contra el simulador de ARCA incluido
          en Mostrador. Cargá el certificado y la clave de tu CUIT para facturar en homologación o producción.
        </Alert>
      )}
      <form onSubmit={save} noValidate>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              Datos del emisor
            </Title>
            <Text data-testid="issuer-summary">
              CUIT {loaded.cuit ? formatCuit(loaded.cuit) : 'sin cargar'} · {loaded.taxCondition ? ISSUER_TAX_CONDITION_LABELS[loaded.taxCondition] : 'condición frente al IVA sin cargar'}
              {loaded.iibb ? ` · Ingresos Brutos ${loaded.iibb}` : ''}
            </Text>
            <Text size="sm" c="dimmed">
              El CUIT, la condición frente al IVA, el inicio de actividades y los Ingresos Brutos se cargan en Configuración → Negocio: los usan la
              facturación y todos los comprobantes impresos.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('ptoVta', { placeholder: 'Ej. 4', required: true, inputMode: 'numeric' })}
              {text('caeaPtoVta', { placeholder: 'Ej. 90 (opcional)', inputMode: 'numeric', description: 'Punto de venta CAEA del servidor: lo usa si ARCA no responde. Distinto del de arriba.' })}
              <TouchSelect
                label={FIELD_LABELS.environment}
                data={ENVIRONMENT_OPTIONS}
                value={values.environment}
                onChange={(v) => v && set('environment', v as ArcaEnvironment)}
                disabled={locked('environment')}
                description={lockNote('environment')}
                error={errors.environment}
              />
            </SimpleGrid>
            {text('identificationThreshold', { leftSection: '$', inputMode: 'decimal' })}
            <FeedbackAlert feedback={feedback} onClose={clear} />
            <Group justify="flex-end">
              <Button type="submit" size="md" leftSection={<IconDeviceFloppy size={18} />} loading={saving}>
                Guardar configuración
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
      <CredentialsPanel settings={loaded} locked={locked('credentials')} />
      <ConnectionTestPanel disabled={!loaded.configured && !loaded.simulator} />
      {loaded.taxCondition === 'monotributo' && <MonotributoSection />}
    </Stack>
  );
}
