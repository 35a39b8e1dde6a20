import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchDevices, forceCloseCashSession, removeDevice, renameDevice, revokeDevice, setDeviceCaeaPtoVta, type Device } from '../../../api/devices';
import type { ApiResult } from '../../../api/client';
import { unwrap } from '../../../api/unwrap';
import { CenteredLoader } from '../../../ui/CenteredLoader';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { formatDateTime } from '../../../ui/dates';
import { useFeedback } from '../../../ui/useFeedback';
import { deviceKeys } from '../queries';
import { DeviceCaeaDialog } from './DeviceCaeaDialog';
import { DeviceRenameDialog } from './DeviceRenameDialog';
import { ImportPendingSales } from './ImportPendingSales';
import { MercadoPagoCounterDialog } from './MercadoPagoCounterDialog';
import { PrinterSettingsDialog } from './PrinterSettingsDialog';

/** The latest of the device's push and pull, or its last visit. */
function lastSync(d: Device): string | null {
  const times = [d.lastPushAt, d.lastPullAt].filter((t): t is string => Boolean(t)).sort();
  return times.at(-1) ?? d.lastSeenAt;
}

const nameOf = (d: Device) => d.name || 'Mostrador sin nombre';

/** A device that left no trace on the server (no sales, no push, no cash session): the only kind «Eliminar» is offered for (the server checks it too: 409). */
const neverSold = (d: Device) => d.salesCount === 0 && d.lastPushAt === null && d.openCashSessionId === null && d.pendingCount === 0 && d.flaggedCount === 0;

type Action = { kind: 'revoke' | 'remove' | 'forceClose'; device: Device };

const CONFIRM: Record<Action['kind'], { label: string; message: (d: Device) => string }> = {
  revoke: {
    label: 'Revocar',
    message: (d) =>
      `¿Revocar «${nameOf(d)}»? Su clave deja de servir al instante: esa tablet ya no envía ni recibe nada y su identificador no se puede volver a registrar. ` +
      'Lo que ya llegó no se borra. Las ventas que quedaron en la tablet se recuperan con «Exportar ventas pendientes» en el panel de sincronización de la tablet ' +
      'y «Importar ventas pendientes» en esta pantalla (o, si aparece, iniciando sesión en línea en ella: se registra de nuevo y envía su cola). ' +
      'Conviene también cambiar la contraseña de quienes la usaban.',
  },
  remove: {
    label: 'Eliminar',
    message: (d) => `¿Eliminar «${nameOf(d)}»? Nunca vendió ni envió nada; si ese navegador vuelve a abrir el Punto de venta, se registra de nuevo.`,
  },
  forceClose: {
    label: 'Cerrar caja',
    message: (d) =>
      `¿Cerrar la caja abierta de «${nameOf(d)}» sin arqueo? Recibe su Z con lo esperado según el servidor, pero el conteo queda desconocido y la caja queda marcada para revisar. ` +
      'Si la tablet envía después sus movimientos o su cierre, se aceptan y se muestran.',
  },
};

/**
 * Dispositivos (issue #31 item 6): each counter, who registered it, when and from where, its last sync,
 * its open cash session, its users, pending and flagged sales; the admin renames, revokes (a lost tablet),
 * removes one that never sold, and force-closes the cash session one left open; and sets each one's printer
 * (issue #35, PrinterSettingsDialog) and its Mercado Pago caja and Point terminal (issue #34, MercadoPagoCounterDialog).
 */
export function DevicesTab() {
  const devices = useQuery({ queryKey: deviceKeys.all, queryFn: () => unwrap(fetchDevices()) });
  const rows = devices.data ?? [];
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Device | null>(null);
  const [renaming, setRenaming] = useState<Device | null>(null);
  const [printer, setPrinter] = useState<Device | null>(null);
  const [mpCounter, setMpCounter] = useState<Device | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const { feedback, report, succeed, clear } = useFeedback();
  const refresh = () => queryClient.invalidateQueries({ queryKey: deviceKeys.all });

  const saveCaea = async (caeaPtoVta: number | null) => {
    const result = await setDeviceCaeaPtoVta(editing!.id, caeaPtoVta);
    if (!result.success) return result.message;
    setEditing(null);
    await refresh();
    return null;
  };

  const rename = async (name: string) => {
    if (!renaming) return null;
    const result = await renameDevice(renaming.id, name);
    if (!result.success) return result.message;
    await refresh();
    setRenaming(null);
    report(result);
    return null;
  };

  const confirm = async () => {
    if (!action) return;
    const { kind, device } = action;
    setBusy(true);
    const result: ApiResult<unknown> =
      kind === 'revoke' ? await revokeDevice(device.id) : kind === 'remove' ? await removeDevice(device.id) : await forceCloseCashSession(device.openCashSessionId!);
    if (result.success) await refresh();
    setBusy(false);
    setAction(null);
    report(result);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          Un navegador se registra como mostrador, con una credencial propia, la primera vez que se abre en él el Punto de venta; solo ese mostrador
          puede enviar sus ventas. Una tablet perdida se revoca; uno que nunca vendió se puede eliminar.
        </Text>
        <Button variant="default" size="md" leftSection={<IconRefresh size={18} />} onClick={() => devices.refetch()} loading={devices.isFetching}>
          Recargar
        </Button>
      </Group>
      <ImportPendingSales onImported={() => void refresh()} />
      <FeedbackAlert feedback={feedback} onClose={clear} />
      <ErrorAlert message={devices.error?.message} />
      {devices.isPending ? (
        <CenteredLoader />
      ) : rows.length === 0 ? (
        <EmptyState message="No hay dispositivos registrados" />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="sm" horizontalSpacing={6} aria-label="Dispositivos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Dispositivo</Table.Th>
                <Table.Th>Usuario</Table.Th>
                <Table.Th>Última sincronización</Table.Th>
                <Table.Th>Caja abierta</Table.Th>
                <Table.Th>Ventas</Table.Th>
                <Table.Th>CAEA</Table.Th>
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.id} data-testid={`device-${d.id}`}>
                  <Table.Td>
                    <Text inherit fw={500}>
                      {nameOf(d)}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {d.id.slice(0, 8)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Registrado por {d.registeredBy?.fullName ?? '—'}
                      {d.registeredAt ? `, ${formatDateTime(d.registeredAt)}` : ''}
                    </Text>
                    {d.registeredFrom && (
                      <Text size="xs" c="dimmed" ff="monospace">
                        desde {d.registeredFrom}
                      </Text>
                    )}
                    {d.revokedAt ? (
                      <Badge color="error" variant="light" mt={4} title={`Revocado el ${formatDateTime(d.revokedAt)}`}>
                        Revocado
                      </Badge>
                    ) : (
                      !d.registered && (
                        <Badge color="warning" variant="light" mt={4}>
                          Sin registrar
                        </Badge>
                      )
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
                  <Table.Td>
                    {d.openCashSessionId === null ? (
                      'No'
                    ) : (
                      <Stack gap={4} align="flex-start">
                        <Badge color="warning" variant="light" size="lg">
                          Abierta
                        </Badge>
                        <Button variant="light" color="warning" size="md" px="sm" onClick={() => setAction({ kind: 'forceClose', device: d })} aria-label={`Cerrar caja de ${nameOf(d)}`}>
                          Cerrar caja
                        </Button>
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Text inherit>{d.salesCount} sincronizadas</Text>
                      <Badge color={d.pendingCount > 0 ? 'warning' : 'success'} variant="light" tt="none">
                        {d.pendingCount} pendientes
                      </Badge>
                      {d.flaggedCount > 0 ? (
                        <Anchor component={Link} to="/sales?flagged=true" fw={600} c="warning" size="sm">
                          {d.flaggedCount} con observaciones
                        </Anchor>
                      ) : (
                        <Text size="xs" c="dimmed">
                          0 con observaciones
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Button variant="default" size="md" px="sm" onClick={() => setEditing(d)} aria-label={`${d.caeaPtoVta ?? 'Asignar'}: punto de venta CAEA de ${nameOf(d)}`}>
                      {d.caeaPtoVta ?? 'Asignar'}
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={6} align="stretch">
                      <Button variant="default" size="md" px="sm" onClick={() => setRenaming(d)} aria-label={`Renombrar ${nameOf(d)}`}>
                        Renombrar
                      </Button>
                      <Button variant="default" size="md" px="sm" onClick={() => setPrinter(d)} aria-label={`Impresora de ${nameOf(d)}`}>
                        Impresora
                      </Button>
                      <Button variant="default" size="md" px="sm" onClick={() => setMpCounter(d)} aria-label={`Caja de Mercado Pago de ${nameOf(d)}`}>
                        Mercado Pago
                      </Button>
                      {!d.revokedAt && (
                        <Button variant="light" color="error" size="md" px="sm" onClick={() => setAction({ kind: 'revoke', device: d })} aria-label={`Revocar ${nameOf(d)}`}>
                          Revocar
                        </Button>
                      )}
                      {neverSold(d) && (
                        <Button variant="light" color="error" size="md" px="sm" onClick={() => setAction({ kind: 'remove', device: d })} aria-label={`Eliminar ${nameOf(d)}`}>
                          Eliminar
                        </Button>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <DeviceCaeaDialog device={editing} onClose={() => setEditing(null)} onSave={saveCaea} />
      <DeviceRenameDialog device={renaming} onClose={() => setRenaming(null)} onSave={rename} />
      <PrinterSettingsDialog
        device={printer}
        onClose={() => setPrinter(null)}
        onSaved={(message) => {
          setPrinter(null);
          succeed(message);
        }}
      />
      <MercadoPagoCounterDialog
        device={mpCounter}
        onClose={() => setMpCounter(null)}
        onSaved={(message) => {
          setMpCounter(null);
          succeed(message);
        }}
      />
      <ConfirmDialog
        opened={action !== null}
        message={action ? CONFIRM[action.kind].message(action.device) : ''}
        confirmLabel={action ? CONFIRM[action.kind].label : ''}
        confirmColor={action?.kind === 'forceClose' ? 'warning' : 'error'}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAction(null)}
      />
    </Stack>
  );
}
