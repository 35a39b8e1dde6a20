/**
 * The sync panel (drawer): status, "Sincronizar ahora", pending and rejected sales (with "Reintentar") and
 * the last synced ones. The lists are read only while it is open, and a long queue shows its first
 * PENDING_SHOWN sales and how many more wait. Issue #29 item 4: the browser's storage (persistent or
 * not, free space, a warning when it runs low), a lost local database said plainly, and «Exportar ventas
 * pendientes» (a file the back office imports once: pending-export.ts).
 */
import { Alert, Badge, Button, Divider, Drawer, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useRef } from 'react';
import { clearSession } from '../api/session';
import { syncEngine } from '../sync/instance';
import { db } from '../offline/db';
import { deviceName } from '../offline/device';
import { OFFLINE_MSG } from '../offline/messages';
import { retryRejected } from '../offline/outbox';
import { buildPendingExport } from '../offline/pending-export';
import { formatBytes, type StorageState } from '../offline/storage';
import { formatDateTime } from '../ui/dates';
import { saveFile } from '../ui/save-file';
import { useLastSyncAt, useOutboxLists, useStorageLost, useStorageState, useSyncStatus } from './hooks';
import { SaleRow } from './SaleRow';

const PENDING_SHOWN = 100;

function reSignIn() {
  clearSession();
  window.location.assign('/login');
}

/** Saves the file of unconfirmed sales (works offline: nothing but this device is read). */
async function exportPending(): Promise<void> {
  const exported = await buildPendingExport();
  if (!exported) return;
  saveFile(new Blob([JSON.stringify(exported.file, null, 1)], { type: 'application/json' }), exported.filename);
}

function StorageInfo({ storage }: { storage: StorageState | null }) {
  if (!storage) return null;
  const space = storage.usage !== null && storage.quota !== null ? `${formatBytes(Math.max(0, storage.quota - storage.usage))} libres de ${formatBytes(storage.quota)}` : 'espacio libre desconocido';
  const kept = storage.persisted ? 'persistente' : storage.persisted === false ? 'el navegador podría borrarlo si le falta espacio' : 'sin garantía del navegador';
  return (
    <Stack gap={4} data-testid="storage-info" data-persisted={String(storage.persisted)} data-low={String(storage.low)}>
      <Text size="sm">
        Almacenamiento: {kept} · {space}
      </Text>
      {storage.persisted !== true && !storage.low && (
        <Text size="xs" c="dimmed">
          No borres los datos del sitio con ventas pendientes; instalar la app en la pantalla de inicio ayuda a que el navegador los conserve.
        </Text>
      )}
      {storage.low && (
        <Alert color="warning" title="Queda poco espacio">
          {OFFLINE_MSG.storageLow}
        </Alert>
      )}
    </Stack>
  );
}

export function SyncPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const status = useSyncStatus();
  // Closed, the lists are not read; the drawer's closing animation keeps showing the last ones (not "Pendientes (0)").
  const live = useOutboxLists(opened);
  const lastLists = useRef(live);
  if (live) lastLists.current = live;
  const lists = live ?? (opened ? undefined : lastLists.current);
  const lastSyncAt = useLastSyncAt();
  const storage = useStorageState(opened);
  const lost = useStorageLost();
  const retry = (clientSaleId: string) => void retryRejected(clientSaleId).then(() => syncEngine().requestSync());

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={<Title order={3}>Sincronización</Title>}
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ size: 44, iconSize: 22, 'aria-label': 'Cerrar' }}
    >
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
        <StorageInfo storage={storage} />
        {lost && (
          <Alert color="error" title="Este dispositivo perdió sus datos locales" data-testid="storage-lost">
            <Stack gap="xs">
              <Text size="sm">
                {lost.previousDeviceId
                  ? OFFLINE_MSG.storageLostDevice(deviceName(lost.previousDeviceId))
                  : OFFLINE_MSG.storageLostSeq(lost.localSeq ?? 0, lost.serverSeq ?? 0)}
              </Text>
              <Button size="md" variant="light" color="error" onClick={() => void db.meta.delete('storageLost')} style={{ alignSelf: 'flex-start' }}>
                Entendido
              </Button>
            </Stack>
          </Alert>
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
        {lists && lists.pending.length > 0 && (
          <Button variant="default" size="md" leftSection={<IconDownload size={18} />} onClick={() => void exportPending()} style={{ alignSelf: 'flex-start' }}>
            Exportar ventas pendientes
          </Button>
        )}
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
