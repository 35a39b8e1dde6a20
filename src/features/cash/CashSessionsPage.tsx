/**
 * Cajas (issue #16, admin): the counters' cash sessions by device and day — opener, closer, fund,
 * expected, counted and difference — each with its detail (sales and movements), and the setting
 * "Exigir caja abierta para vender". A failed load shows the error with "Reintentar", never an empty list.
 */
import { Button, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CashSessionJson } from '../../../domain/schemas/cash';
import { fetchCashSessions } from '../../api/cash';
import { fetchDevices } from '../../api/devices';
import { unwrap } from '../../api/unwrap';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { DateField } from '../../ui/DateField';
import { EmptyState } from '../../ui/EmptyState';
import { LoadFailed } from '../../ui/LoadFailed';
import { StaffPage } from '../../ui/StaffPage';
import { TouchSelect } from '../../ui/TouchSelect';
import { deviceKeys } from '../settings/queries';
import { CashRequiredSwitch } from './CashRequiredSwitch';
import { CashSessionDialog } from './CashSessionDialog';
import { CashSessionsTable } from './CashSessionsTable';
import { cashSessionKeys } from './queries';

export default function CashSessionsPage() {
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [viewing, setViewing] = useState<CashSessionJson | null>(null);
  const query = { deviceId: deviceId ?? undefined, date: date ?? undefined };
  const sessions = useQuery({ queryKey: cashSessionKeys.list(query), queryFn: () => unwrap(fetchCashSessions(query)) });
  const devices = useQuery({ queryKey: deviceKeys.all, queryFn: () => unwrap(fetchDevices()) });

  return (
    <StaffPage title="Cajas">
      <CashRequiredSwitch />
      <Group align="flex-end" wrap="wrap">
        <TouchSelect
          label="Dispositivo"
          placeholder="Todos"
          clearable
          value={deviceId}
          onChange={setDeviceId}
          data={(devices.data ?? []).map((d) => ({ value: d.id, label: d.name || `Dispositivo ${d.id.slice(0, 8)}` }))}
          error={devices.isError ? devices.error.message : undefined}
        />
        <DateField label="Día de apertura" value={date} onChange={setDate} clearable />
        <Button size="md" variant="light" onClick={() => void sessions.refetch()} loading={sessions.isFetching}>
          Actualizar
        </Button>
      </Group>
      {sessions.isError ? (
        <LoadFailed message={sessions.error.message} onRetry={() => void sessions.refetch()} retrying={sessions.isFetching} />
      ) : sessions.isPending ? (
        <CenteredLoader label="Cargando cajas" />
      ) : sessions.data.length === 0 ? (
        <EmptyState message={deviceId || date ? 'No hay cajas para estos filtros' : 'Todavía no se abrió ninguna caja'} />
      ) : (
        <CashSessionsTable sessions={sessions.data} onView={setViewing} />
      )}
      <CashSessionDialog session={viewing} onClose={() => setViewing(null)} />
    </StaffPage>
  );
}
