import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchDevices, setDeviceCaeaPtoVta, type Device } from '../../../api/devices';
import { unwrap } from '../../../api/unwrap';
import { CenteredLoader } from '../../../ui/CenteredLoader';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { formatDateTime } from '../../../ui/dates';
import { deviceKeys } from '../queries';
import { DeviceCaeaDialog } from './DeviceCaeaDialog';
import { ImportPendingSales } from './ImportPendingSales';

/** The latest of the device's push and pull, or its last visit. */
function lastSync(d: Device): string | null {
  const times = [d.lastPushAt, d.lastPullAt].filter((t): t is string => Boolean(t)).sort();
  return times.at(-1) ?? d.lastSeenAt;
}

/** Dispositivos: each counter device, whether it holds its credential, its users, last sync, pending and flagged sales. */
export function DevicesTab() {
  const devices = useQuery({ queryKey: deviceKeys.all, queryFn: () => unwrap(fetchDevices()) });
  const rows = devices.data ?? [];
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Device | null>(null);
  const saveCaea = async (caeaPtoVta: number | null) => {
    const result = await setDeviceCaeaPtoVta(editing!.id, caeaPtoVta);
    if (!result.success) return result.message;
    setEditing(null);
    await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
    return null;
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          Cada mostrador se registra con una credencial propia la primera vez que alguien inicia sesión en él; solo ese
          mostrador puede enviar sus ventas.
        </Text>
        <Button variant="default" size="md" leftSection={<IconRefresh size={18} />} onClick={() => devices.refetch()} loading={devices.isFetching}>
          Recargar
        </Button>
      </Group>
      <ImportPendingSales onImported={() => void queryClient.invalidateQueries({ queryKey: deviceKeys.all })} />
      <ErrorAlert message={devices.error?.message} />
      {devices.isPending ? (
        <CenteredLoader />
      ) : rows.length === 0 ? (
        <EmptyState message="No hay dispositivos registrados" />
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table striped verticalSpacing="sm" horizontalSpacing={6} aria-label="Dispositivos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Dispositivo</Table.Th>
                <Table.Th>Usuario</Table.Th>
                <Table.Th>Última sincronización</Table.Th>
                <Table.Th ta="right" maw={100}>Ventas sincronizadas</Table.Th>
                <Table.Th ta="right">Pendientes</Table.Th>
                <Table.Th ta="right">Con observaciones</Table.Th>
                <Table.Th>Punto de venta CAEA</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Text inherit fw={500}>
                      {d.name || 'Mostrador sin nombre'}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {d.id.slice(0, 8)}
                    </Text>
                    {!d.registered && (
                      <Badge color="warning" variant="light" mt={4}>
                        Sin registrar
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {d.user?.fullName ?? '—'}
                    {d.userCount > 1 && (
                      <Text size="xs" c="dimmed">
                        y {d.userCount - 1} más
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatDateTime(lastSync(d)) || 'Nunca'}</Table.Td>
                  <Table.Td ta="right">{d.salesCount}</Table.Td>
                  <Table.Td ta="right">
                    <Badge color={d.pendingCount > 0 ? 'warning' : 'success'} variant="light" size="lg">
                      {d.pendingCount}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    {d.flaggedCount > 0 ? (
                      <Anchor component={Link} to="/sales?flagged=true" fw={600} c="warning">
                        {d.flaggedCount}
                      </Anchor>
                    ) : (
                      0
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button variant="default" size="md" px="sm" onClick={() => setEditing(d)} aria-label={`Punto de venta CAEA de ${d.name || 'Mostrador sin nombre'}`}>
                      {d.caeaPtoVta ?? 'Asignar'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <DeviceCaeaDialog device={editing} onClose={() => setEditing(null)} onSave={saveCaea} />
    </Stack>
  );
}
