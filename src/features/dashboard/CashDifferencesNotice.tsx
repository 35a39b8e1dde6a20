/** Today's cash closes whose count differed from what was expected (admin): one line each, with a link to Cajas. */
import { Alert, Anchor, List } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { fetchCashSessions } from '../../api/cash';
import { unwrap } from '../../api/unwrap';
import { Money } from '../../ui/Money';
import { deviceLabel } from '../cash/CashSessionsTable';
import { cashSessionKeys } from '../cash/queries';

const TODAY_WITH_DIFFERENCE = { date: 'hoy', withDifference: true };

export function CashDifferencesNotice() {
  const today = useQuery({ queryKey: cashSessionKeys.list(TODAY_WITH_DIFFERENCE), queryFn: () => unwrap(fetchCashSessions(TODAY_WITH_DIFFERENCE)) });
  if (today.isError) {
    return (
      <Alert color="error" variant="light" title="Diferencias de caja de hoy">
        {today.error.message}
      </Alert>
    );
  }
  if (!today.data?.length) return null;
  return (
    <Alert color="warning" variant="light" icon={<IconCash />} title="Diferencias de caja de hoy" data-testid="cash-differences">
      <List size="sm">
        {today.data.map((s) => (
          <List.Item key={s.id}>
            Z N° {s.zNumber} · {deviceLabel(s)} · {s.closedBy?.fullName}: diferencia <Money value={s.difference} fw={700} />
            {s.comment ? ` — ${s.comment}` : ''}
          </List.Item>
        ))}
      </List>
      <Anchor component={Link} to="/cash-sessions" fw={600}>
        Ver cajas
      </Anchor>
    </Alert>
  );
}
