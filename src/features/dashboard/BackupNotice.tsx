import { Alert, Anchor } from '@mantine/core';
import { IconDatabaseExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { fetchBackupStatus } from '../../api/backups';
import { unwrap } from '../../api/unwrap';
import { formatDateTime } from '../../ui/dates';
import { backupKeys } from '../settings/queries';

/** Admins only: the newest successful backup is older than two intervals (or the last one failed). */
export function BackupNotice() {
  const status = useQuery({ queryKey: backupKeys.status, queryFn: () => unwrap(fetchBackupStatus()), staleTime: 60_000 });
  const s = status.data;
  if (!s || !s.stale) return null;
  return (
    <Alert color="warning" variant="light" icon={<IconDatabaseExclamation />} title="Copia de seguridad atrasada" role="alert">
      {s.lastBackupAt ? `La última copia de seguridad es del ${formatDateTime(s.lastBackupAt)}.` : 'Todavía no se hizo ninguna copia de seguridad.'}
      {s.lastError ? ` La última falló: ${s.lastError}.` : ''}{' '}
      <Anchor component={Link} to="/settings?tab=copias" fw={600}>
        Ir a Copias de seguridad
      </Anchor>
    </Alert>
  );
}
