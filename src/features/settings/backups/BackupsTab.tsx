/**
 * Copias de seguridad (admin): when the newest backup was made, how big, the last failure, "Hacer una
 * copia ahora" and "Descargar la última copia" (to keep it off this machine), and the kept backups.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconDatabaseExport, IconDownload, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBackup, downloadLatestBackup, fetchBackups, fetchBackupStatus } from '../../../api/backups';
import { unwrap } from '../../../api/unwrap';
import { CenteredLoader } from '../../../ui/CenteredLoader';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { formatDateTime } from '../../../ui/dates';
import { useFeedback } from '../../../ui/useFeedback';
import { backupKeys } from '../queries';

const KIND_LABEL = { programada: 'Programada', manual: 'Manual', 'pre-migracion': 'Antes de actualizar' } as const;

const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toLocaleString('es-AR', { maximumFractionDigits: 0 })} KB` : `${(bytes / 1024 / 1024).toLocaleString('es-AR', { maximumFractionDigits: 1 })} MB`;

function everyLabel(intervalMs: number): string {
  if (intervalMs === 0) return 'Las copias automáticas están desactivadas (BACKUP_INTERVAL).';
  const hours = intervalMs / 3_600_000;
  return hours % 24 === 0 ? `Se hace una copia automática cada ${hours / 24 === 1 ? 'día' : `${hours / 24} días`}.` : `Se hace una copia automática cada ${hours} h.`;
}

function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function BackupsTab() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: backupKeys.status, queryFn: () => unwrap(fetchBackupStatus()) });
  const list = useQuery({ queryKey: backupKeys.list, queryFn: () => unwrap(fetchBackups()) });
  const { feedback, report, clear } = useFeedback();
  const [making, setMaking] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const makeNow = async () => {
    setMaking(true);
    clear();
    const result = await createBackup();
    if (result.success) await queryClient.invalidateQueries({ queryKey: backupKeys.all });
    setMaking(false);
    report(result);
  };
  const download = async () => {
    setDownloading(true);
    clear();
    const result = await downloadLatestBackup();
    setDownloading(false);
    if (result.success) saveBlob(result.blob, result.filename);
    else report(result);
  };

  const loadError = status.error ?? list.error;
  if (status.isPending || list.isPending) return <CenteredLoader label="Cargando copias de seguridad" />;
  if (loadError || !status.data || !list.data) {
    return (
      <Stack>
        <ErrorAlert message={loadError?.message} />
        <Group>
          <Button variant="default" size="md" leftSection={<IconRefresh size={18} />} onClick={() => void Promise.all([status.refetch(), list.refetch()])}>
            Reintentar
          </Button>
        </Group>
      </Stack>
    );
  }
  const s = status.data;
  return (
    <Stack gap="md">
      <FeedbackAlert feedback={feedback} onClose={clear} />
      {s.stale && (
        <Alert color="warning" variant="light" title="La última copia de seguridad es vieja" role="alert">
          Hacé una copia ahora y guardala fuera de esta computadora.
        </Alert>
      )}
      {s.lastError && <ErrorAlert message={`La última copia falló: ${s.lastError}`} />}
      <Paper withBorder p="md" radius="md">
        <Stack gap={4}>
          <Text fw={600}>{s.lastBackupAt ? `Última copia: ${formatDateTime(s.lastBackupAt)} (${formatBytes(s.lastBackupBytes ?? 0)})` : 'Todavía no hay copias de seguridad'}</Text>
          <Text size="sm" c="dimmed">
            {everyLabel(s.intervalMs)} Se guardan en {s.directory}.
          </Text>
        </Stack>
        <Group mt="md">
          <Button size="md" leftSection={<IconDatabaseExport size={18} />} onClick={makeNow} loading={making}>
            Hacer una copia ahora
          </Button>
          <Button size="md" variant="default" leftSection={<IconDownload size={18} />} onClick={download} loading={downloading} disabled={!s.lastBackupAt}>
            Descargar la última copia
          </Button>
        </Group>
      </Paper>
      {list.data.length === 0 ? (
        <EmptyState message="Todavía no hay copias de seguridad" />
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="sm" aria-label="Copias de seguridad">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th ta="right">Tamaño</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((entry) => (
                <Table.Tr key={entry.name}>
                  <Table.Td>{formatDateTime(entry.takenAt)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={entry.kind === 'pre-migracion' ? 'warning' : 'gray'}>
                      {KIND_LABEL[entry.kind]}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{formatBytes(entry.bytes)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
