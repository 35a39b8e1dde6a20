/**
 * The sync panel (drawer): status, "Sincronizar ahora", pending and rejected sales (with "Reintentar") and
 * the last synced ones. The lists are read only while it is open, and a long queue shows its first
 * PENDING_SHOWN sales and how many more wait.
 */
import { Alert, Badge, Button, Divider, Drawer, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useRef } from 'react';
import { clearSession } from '../api/session';
import { storagePersisted, syncEngine } from '../sync/instance';
import { OFFLINE_MSG } from '../offline/messages';
import { retryRejected } from '../offline/outbox';
import { formatDateTime } from '../ui/dates';
import { useLastSyncAt, useOutboxLists, useSyncStatus } from './hooks';
import { SaleRow } from './SaleRow';

const PENDING_SHOWN = 100;

function reSignIn() {
  clearSession();
  window.location.assign('/login');
}

export function SyncPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const status = useSyncStatus();
  // Closed, the lists are not read; the drawer's closing animation keeps showing the last ones (not "Pendientes (0)").
  const live = useOutboxLists(opened);
  const lastLists = useRef(live);
  if (live) lastLists.current = live;
  const lists = live ?? (opened ? undefined : lastLists.current);
  const lastSyncAt = useLastSyncAt();
  const persisted = storagePersisted();
  const retry = (clientSaleId: string) => void retryRejected(clientSaleId).then(() => syncEngine().requestSync());

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={<Title order={3}>Sincronización</Title>} scrollAreaComponent={ScrollArea.Autosize}>
      <Stack gap="md">
        <Group justify="space-between">
          <Badge size="lg" color={status.isOnline ? 'success' : 'error'}>
            {status.isOnline ? 'En línea' : 'Sin conexión'}
          </Badge>
          <Button leftSection={<IconRefresh size={18} />} loading={status.running} onClick={() => void syncEngine().requestSync()} size="md">
            Sincronizar ahora
          </Button>
        </Group>
        <Text size="sm">Última sincronización: {lastSyncAt ? formatDateTime(lastSyncAt) : 'nunca'}</Text>
        {persisted === false && (
          <Text size="xs" c="dimmed">
            El navegador no garantizó almacenamiento persistente: no borres los datos del sitio con ventas pendientes.
          </Text>
        )}
        {status.authRequired && (
          <Alert color="warning" title="Sesión vencida">
            <Stack gap="xs">
              <Text size="sm">{OFFLINE_MSG.sessionExpired}</Text>
              <Button onClick={reSignIn} size="md">
                Iniciar sesión
              </Button>
            </Stack>
          </Alert>
        )}
        {status.lastError && lists && lists.pending.length > 0 && (
          <Text size="sm" c="error">
            Último error: {status.lastError}
          </Text>
        )}

        <Divider label={`Pendientes (${lists?.pending.length ?? 0})`} labelPosition="left" />
        {lists?.pending.length === 0 && <Text c="dimmed">No hay ventas pendientes.</Text>}
        {lists?.pending.slice(0, PENDING_SHOWN).map((entry) => <SaleRow key={entry.clientSaleId} entry={entry} />)}
        {lists && lists.pending.length > PENDING_SHOWN && <Text c="dimmed">y {lists.pending.length - PENDING_SHOWN} más en la cola.</Text>}

        {lists && lists.rejected.length > 0 && (
          <>
            <Divider label={`Rechazadas (${lists.rejected.length})`} labelPosition="left" color="error" />
            {lists.rejected.map((entry) => (
              <SaleRow key={entry.clientSaleId} entry={entry} onRetry={() => retry(entry.clientSaleId)} />
            ))}
          </>
        )}

        <Divider label="Últimas sincronizadas" labelPosition="left" />
        {lists?.recent.length === 0 && <Text c="dimmed">Todavía no se sincronizó ninguna venta.</Text>}
        {lists?.recent.map((entry) => <SaleRow key={entry.clientSaleId} entry={entry} />)}
      </Stack>
    </Drawer>
  );
}
