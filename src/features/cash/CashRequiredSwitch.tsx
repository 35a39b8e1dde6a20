/** The setting "Exigir caja abierta para vender" (off by default): saved at once; the counters read it when they reach the server. */
import { Paper, Switch } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '../../../domain/messages';
import { fetchCashRequired, setCashRequired } from '../../api/cash';
import { unwrap } from '../../api/unwrap';
import { FeedbackAlert } from '../../ui/FeedbackAlert';
import { LoadFailed } from '../../ui/LoadFailed';
import { useFeedback } from '../../ui/useFeedback';
import { configurationKeys } from '../settings/queries';

export function CashRequiredSwitch() {
  const queryClient = useQueryClient();
  const entry = useQuery({ queryKey: configurationKeys.category('caja'), queryFn: () => unwrap(fetchCashRequired()) });
  const [saving, setSaving] = useState(false);
  const { feedback, report, clear } = useFeedback();
  if (entry.isError) return <LoadFailed message={entry.error.message} onRetry={() => void entry.refetch()} retrying={entry.isFetching} />;

  const toggle = async (on: boolean) => {
    setSaving(true);
    report(await setCashRequired(on), MSG.configUpdated);
    setSaving(false);
    await queryClient.invalidateQueries({ queryKey: configurationKeys.category('caja') });
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Switch
        size="lg"
        label="Exigir caja abierta para vender"
        description="El punto de venta no confirma una venta si el mostrador no tiene una caja abierta."
        checked={entry.data?.valor === 'true'}
        disabled={!entry.data || saving}
        onChange={(e) => void toggle(e.currentTarget.checked)}
      />
      <FeedbackAlert feedback={feedback} onClose={clear} />
    </Paper>
  );
}
