/**
 * The sync status in the staff top bar (always visible): online/offline, "N ventas pendientes" (or
 * "Actualizando catálogo…" while a catalogue pull has more pages), last sync time. Tapping it opens the sync panel. Mounting it starts this tab's sync engine and keeps the
 * screens' query caches in step with it (sync-queries.ts); a sale the server rejects is announced with
 * a notification that stays until dismissed.
 */
import { Badge, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCloudCheck, IconCloudDownload, IconCloudOff, IconCloudUpload, IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { startSync } from '../sync/instance';
import { OFFLINE_MSG } from '../offline/messages';
import { formatTime } from '../ui/dates';
import { saleReference } from './format';
import { useLastSyncAt, useOutboxCounts, useStorageLost, useSyncStatus } from './hooks';
import { SyncPanel } from './SyncPanel';
import { useSyncRefreshesQueries } from './sync-queries';

export default function SyncIndicator() {
  const [opened, { open, close }] = useDisclosure(false);
  const status = useSyncStatus();
  const counts = useOutboxCounts();
  const lastSyncAt = useLastSyncAt();
  const lost = useStorageLost();
  useSyncRefreshesQueries();

  // Starts this tab's engine, and tells the cashier at once when the server refuses a sale.
  useEffect(
    () =>
      startSync().subscribe((event) => {
        if (event.type !== 'rejected') return;
        for (const entry of event.entries) {
          notifications.show({
            color: 'error',
            title: `Venta ${saleReference(entry)} rechazada`,
            message: entry.lastError,
            autoClose: false,
            position: 'top-center',
          });
        }
      }),
    [],
  );

  const attention = status.authRequired || counts.rejected > 0 || Boolean(lost);
  const Icon = attention ? IconAlertTriangle : !status.isOnline ? IconCloudOff : counts.pending ? IconCloudUpload : status.catalogBehind ? IconCloudDownload : IconCloudCheck;
  const state = status.isOnline ? 'En línea' : 'Sin conexión';
  const pendingText = counts.pending ? OFFLINE_MSG.pendingCount(counts.pending) : status.catalogBehind ? OFFLINE_MSG.catalogBehind : OFFLINE_MSG.allSynced;
  const lastText = lastSyncAt ? `Última sincronización ${formatTime(lastSyncAt)}` : 'Sin sincronizar todavía';

  return (
    <>
      <UnstyledButton
        onClick={open}
        data-testid="sync-status"
        data-online={status.isOnline}
        c="inherit"
        px="xs"
        mih={44}
        style={{ borderRadius: 8 }}
      >
        <Group gap={8} wrap="nowrap">
          <Icon size={24} aria-hidden />
          {/* The name comes from the content (what is seen, then the state), never a different label. */}
          <VisuallyHidden>{status.isOnline ? 'Sincronización en línea: ' : 'Sincronización: '}</VisuallyHidden>
          <Stack gap={0} visibleFrom="sm">
            <Text size="sm" fw={500} lh={1.2}>
              {status.isOnline ? pendingText : `${state} · ${pendingText}`}
            </Text>
            <Text size="xs" lh={1.2}>
              {lastText}
            </Text>
          </Stack>
          <VisuallyHidden hiddenFrom="sm">{`${pendingText}. ${lastText}`}</VisuallyHidden>
          {counts.pending > 0 && (
            <Badge color={status.isOnline ? 'warning' : 'error'} hiddenFrom="sm" circle>
              {counts.pending}
            </Badge>
          )}
        </Group>
      </UnstyledButton>
      <SyncPanel opened={opened} onClose={close} />
    </>
  );
}
