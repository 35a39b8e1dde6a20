import { Paper, Stack, Switch, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '../../../../domain/messages';
import { VISIBILITY_CATEGORY, VISIBILITY_ENTRIES, type VisibilityKey } from '../../../../domain/schemas/configuration';
import { fetchVisibilityConfiguration, updateConfigValue } from '../../../api/configuration';
import { unwrap } from '../../../api/unwrap';
import { CenteredLoader } from '../../../ui/CenteredLoader';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { LoadFailed } from '../../../ui/LoadFailed';
import { useFeedback } from '../../../ui/useFeedback';
import { ReturnRulesSection } from '../../returns/ReturnRulesSection';
import { configurationKeys } from '../queries';

const LABELS: Record<VisibilityKey, { label: string; help: string }> = {
  vendedores_ven_costos: { label: 'Los vendedores ven costos', help: 'El costo de cada producto en las pantallas y respuestas de los vendedores.' },
  vendedores_ven_clientes: { label: 'Los vendedores ven datos de clientes', help: 'Documento y e-mail del cliente en las ventas.' },
};

/** Permisos: what sellers may read (costs, customers' document and e-mail; each switch saves at once) and the returns they may take. */
export function PrivacyTab() {
  const queryClient = useQueryClient();
  const entries = useQuery({ queryKey: configurationKeys.category(VISIBILITY_CATEGORY), queryFn: () => unwrap(fetchVisibilityConfiguration()) });
  const [saving, setSaving] = useState<VisibilityKey | null>(null);
  const { feedback, report, clear } = useFeedback();

  if (entries.error && !entries.data) return <LoadFailed message={entries.error.message} onRetry={() => void entries.refetch()} retrying={entries.isFetching} />;
  if (!entries.data) return <CenteredLoader />;

  const valueOf = (clave: VisibilityKey) => entries.data.find((e) => e.clave === clave)?.valor === 'true';
  const toggle = async (clave: VisibilityKey, on: boolean) => {
    setSaving(clave);
    const result = await updateConfigValue(VISIBILITY_CATEGORY, clave, String(on));
    setSaving(null);
    report(result, MSG.configUpdated);
    await queryClient.invalidateQueries({ queryKey: configurationKeys.category(VISIBILITY_CATEGORY) });
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="lg">
          {VISIBILITY_ENTRIES.map(({ clave }) => (
            <Switch
              key={clave}
              size="lg"
              label={LABELS[clave].label}
              description={LABELS[clave].help}
              checked={valueOf(clave)}
              disabled={saving !== null}
              onChange={(e) => void toggle(clave, e.currentTarget.checked)}
            />
          ))}
          <Text size="sm" c="dimmed">
            Los administradores siempre ven todo.
          </Text>
        </Stack>
      </Paper>
      <FeedbackAlert feedback={feedback} onClose={clear} />
      <ReturnRulesSection />
    </Stack>
  );
}
