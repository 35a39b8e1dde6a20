import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MSG } from '../../../../domain/messages';
import { NUMBERING_CATEGORY } from '../../../../domain/schemas/configuration';
import { fetchSalesConfiguration, updateConfigValue } from '../../../api/configuration';
import { unwrap } from '../../../api/unwrap';
import { CenteredLoader } from '../../../ui/CenteredLoader';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { LoadFailed } from '../../../ui/LoadFailed';
import { useFeedback } from '../../../ui/useFeedback';
import { configurationKeys } from '../queries';
import { NumberingHelp } from './NumberingHelp';
import { currentCounter, EDITABLE_KEYS, entriesToValues, numberingErrors, previewNumber, type NumberingValues } from './numbering-form';

/**
 * Numeración de Ventas: prefix, branch, format, live preview, counter; one PUT per key on save.
 * Nothing can be saved until the values loaded: a failed load shows the error, "Reintentar" and a
 * disabled "Guardar".
 */
export function NumberingTab() {
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: configurationKeys.category(NUMBERING_CATEGORY), queryFn: () => unwrap(fetchSalesConfiguration()) });
  const [values, setValues] = useState<NumberingValues | null>(null);
  const [saving, setSaving] = useState(false);
  const { feedback, fail, succeed, clear } = useFeedback();

  useEffect(() => {
    if (config.data) setValues(entriesToValues(config.data));
  }, [config.data]);

  if (!values && config.error) {
    return (
      <Stack gap="md">
        <LoadFailed message={config.error.message} onRetry={() => void config.refetch()} retrying={config.isFetching} />
        <Group justify="flex-end">
          <Button size="md" leftSection={<IconDeviceFloppy size={18} />} disabled>
            Guardar Configuración
          </Button>
        </Group>
      </Stack>
    );
  }
  if (config.isPending || !values) return <CenteredLoader />;

  const counter = currentCounter(config.data ?? []);
  const errors = numberingErrors(values);
  const set = (key: keyof NumberingValues, value: string) => setValues({ ...values, [key]: value });

  const reload = async () => {
    clear();
    const fresh = await config.refetch();
    if (fresh.data) setValues(entriesToValues(fresh.data));
  };

  const save = async () => {
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    const results = await Promise.all(EDITABLE_KEYS.map((key) => updateConfigValue(NUMBERING_CATEGORY, key, values[key].trim())));
    setSaving(false);
    const failed = results.flatMap((r) => (r.success ? [] : [r.message]));
    if (failed.length > 0) fail(`${MSG.configPartialFailure}. ${[...new Set(failed)].join(' ')}`);
    else succeed(MSG.configAllUpdated);
    await queryClient.invalidateQueries({ queryKey: configurationKeys.category(NUMBERING_CATEGORY) });
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Prefijo" size="md" value={values.prefijo} onChange={(e) => set('prefijo', e.currentTarget.value)} error={errors.prefijo} />
            <TextInput label="Sucursal" size="md" value={values.sucursal} onChange={(e) => set('sucursal', e.currentTarget.value)} error={errors.sucursal} />
          </SimpleGrid>
          <TextInput label="Formato" size="md" value={values.formato} onChange={(e) => set('formato', e.currentTarget.value)} error={errors.formato} styles={{ input: { fontFamily: 'monospace' } }} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Paper p="sm" radius="md" bg="var(--mantine-color-primary-light)" role="status" aria-label="Vista previa">
              {/* Text colour, not dimmed: dimmed grey on the primary tint is 4.3:1 (axe). */}
              <Text size="sm">
                Vista previa del próximo número
              </Text>
              <Text fz={24} fw={600} ff="monospace" data-testid="numbering-preview">
                {errors.formato ? '—' : previewNumber(values, counter)}
              </Text>
            </Paper>
            <Paper p="sm" radius="md" withBorder>
              <Text size="sm" c="dimmed">
                Número actual (próxima venta)
              </Text>
              <Text fz={24} fw={600} data-testid="numbering-counter">
                {counter}
              </Text>
            </Paper>
          </SimpleGrid>
        </Stack>
      </Paper>
      <FeedbackAlert feedback={feedback} onClose={clear} />
      <Group justify="flex-end">
        <Button variant="default" size="md" leftSection={<IconRefresh size={18} />} onClick={reload} disabled={saving}>
          Recargar
        </Button>
        <Button size="md" leftSection={<IconDeviceFloppy size={18} />} onClick={save} loading={saving} disabled={Object.keys(errors).length > 0}>
          Guardar Configuración
        </Button>
      </Group>
      <NumberingHelp previewOf={(formato) => previewNumber(values, counter, new Date(), formato)} onUse={(formato) => set('formato', formato)} />
    </Stack>
  );
}
