/**
 * Configuración → Facturación electrónica → Monotributo (admin, issue #37.4): the shop's category and the editable
 * table of categories with their annual caps, its source and the day it applies from (seeded with the latest
 * published table; the dashboard's card compares the last 12 months with it). A form never saves what it never
 * loaded: a failed load shows the error and "Reintentar".
 */
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MSG } from '../../../../domain/messages';
import { fetchMonotributoSettings, saveMonotributoSettings } from '../../../api/accounting';
import { unwrap } from '../../../api/unwrap';
import { CenteredLoader } from '../../../ui/CenteredLoader';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { TouchSelect } from '../../../ui/TouchSelect';
import { useFeedback } from '../../../ui/useFeedback';
import { parseMonotributoForm, settingsToForm, type MonotributoFormValues, type MonotributoRow } from './monotributo-form';

export const monotributoKeys = { settings: ['monotributo', 'settings'] as const, status: ['monotributo', 'status'] as const };

const NO_CATEGORY = '';

export function MonotributoSection() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: monotributoKeys.settings, queryFn: () => unwrap(fetchMonotributoSettings()), retry: false });
  const [values, setValues] = useState<MonotributoFormValues | null>(null);
  const [saving, setSaving] = useState(false);
  const { feedback, report, fail, clear } = useFeedback();

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
  if (!settings.data || !values) return <CenteredLoader label="Cargando la tabla del monotributo" />;

  const setRow = (i: number, patch: Partial<MonotributoRow>) => setValues({ ...values, rows: values.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const letters = values.rows.map((r) => r.category.trim().toUpperCase()).filter((l, i, all) => l && all.indexOf(l) === i);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    clear();
    const parsed = parseMonotributoForm(values);
    if (!parsed.body) return fail(parsed.errors.join(' · '));
    setSaving(true);
    const result = await saveMonotributoSettings(parsed.body);
    setSaving(false);
    if (report(result, MSG.monotributoSettingsSaved)) {
      queryClient.setQueryData(monotributoKeys.settings, result.data);
      await queryClient.invalidateQueries({ queryKey: monotributoKeys.status });
    }
  };

  return (
    <form onSubmit={save} noValidate aria-label="Monotributo">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            Monotributo: categoría y tabla de topes
          </Title>
          <Text size="sm" c="dimmed">
            El Dashboard compara lo facturado en los últimos 12 meses con el tope de tu categoría. ARCA actualiza la tabla dos veces por año: cargá
            acá la vigente, con su fuente y la fecha desde la que rige. Es información, no asesoramiento impositivo.
          </Text>
          <TouchSelect
            label="Categoría del comercio"
            data={[{ value: NO_CATEGORY, label: 'Sin elegir' }, ...letters.map((l) => ({ value: l, label: `Categoría ${l}` }))]}
            value={values.category ?? NO_CATEGORY}
            onChange={(v) => setValues({ ...values, category: v ? v : null })}
          />
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Categoría</Table.Th>
                <Table.Th>Ingresos brutos anuales hasta ($)</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Quitar</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.rows.map((row, i) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    <TextInput size="md" aria-label={`Categoría de la fila ${i + 1}`} value={row.category} maxLength={2} onChange={(e) => setRow(i, { category: e.currentTarget.value })} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput size="md" aria-label={`Tope de la categoría ${row.category || i + 1}`} inputMode="decimal" value={row.cap} onChange={(e) => setRow(i, { cap: e.currentTarget.value })} />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="error"
                      size={44}
                      aria-label={`Quitar la fila ${i + 1}`}
                      title="Quitar"
                      disabled={values.rows.length === 1}
                      onClick={() => setValues({ ...values, rows: values.rows.filter((_, j) => j !== i) })}
                    >
                      <IconTrash size={20} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group>
            <Button size="md" variant="default" leftSection={<IconPlus size={18} />} onClick={() => setValues({ ...values, rows: [...values.rows, { category: '', cap: '' }] })}>
              Agregar categoría
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput size="md" label="Fuente de la tabla" value={values.source} onChange={(e) => setValues({ ...values, source: e.currentTarget.value })} />
            <TextInput size="md" label="Vigente desde" type="date" value={values.validFrom} onChange={(e) => setValues({ ...values, validFrom: e.currentTarget.value })} />
          </SimpleGrid>
          <FeedbackAlert feedback={feedback} onClose={clear} />
          <Group justify="flex-end">
            <Button type="submit" size="md" leftSection={<IconDeviceFloppy size={18} />} loading={saving}>
              Guardar tabla del monotributo
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
