import { Button, Group, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap } from '../../../api/unwrap';
import { createUser, fetchUsers, updateUser, type NewUserPayload, type StaffUser } from '../../../api/users';
import { useAuth } from '../../../session/auth-context';
import { CenteredLoader } from '../../../ui/CenteredLoader';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadFailed } from '../../../ui/LoadFailed';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { useFeedback } from '../../../ui/useFeedback';
import { userKeys } from '../queries';
import { PasswordDialog } from './PasswordDialog';
import { UserDialog } from './UserDialog';
import { UsersTable } from './UsersTable';

/** Usuarios: list, create a seller, reset a password, deactivate / reactivate (with confirmation). */
export function UsersTab() {
  const { user: me } = useAuth();
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: userKeys.all, queryFn: () => unwrap(fetchUsers()) });
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<StaffUser | null>(null);
  const [toggling, setToggling] = useState<StaffUser | null>(null);
  const [busy, setBusy] = useState(false);
  const { feedback, report, succeed, clear } = useFeedback();
  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.all });

  const create = async (payload: NewUserPayload) => {
    const result = await createUser(payload);
    if (!result.success) return result.message;
    // The list holds the new user before the dialog closes and the notice says it was created.
    await refresh();
    setCreating(false);
    report(result);
    return null;
  };

  const resetPassword = async (password: string) => {
    if (!resetting) return null;
    const result = await updateUser(resetting.id, { password });
    if (!result.success) return result.message;
    setResetting(null);
    succeed(`Contraseña de ${result.data.username} actualizada correctamente`);
    return null;
  };

  const toggleActive = async () => {
    if (!toggling) return;
    setBusy(true);
    const result = await updateUser(toggling.id, { active: !toggling.active });
    if (result.success) await refresh();
    setBusy(false);
    setToggling(null);
    report(result);
  };

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button size="md" leftSection={<IconUserPlus size={18} />} onClick={() => setCreating(true)}>
          Nuevo Usuario
        </Button>
      </Group>
      <FeedbackAlert feedback={feedback} onClose={clear} />
      {users.error && !users.data ? (
        <LoadFailed message={users.error.message} onRetry={() => void users.refetch()} retrying={users.isFetching} />
      ) : users.isPending ? (
        <CenteredLoader />
      ) : (users.data ?? []).length === 0 ? (
        <EmptyState message="No hay usuarios para mostrar" />
      ) : (
        <UsersTable users={users.data ?? []} currentUserId={me?.id} onResetPassword={setResetting} onToggleActive={setToggling} />
      )}
      <UserDialog opened={creating} onClose={() => setCreating(false)} onSave={create} />
      <PasswordDialog user={resetting} onClose={() => setResetting(null)} onSave={resetPassword} />
      <ConfirmDialog
        opened={toggling !== null}
        message={
          toggling?.active
            ? `¿Estás seguro de desactivar a ${toggling.fullName}? No podrá iniciar sesión.`
            : `¿Reactivar a ${toggling?.fullName}? Podrá volver a iniciar sesión.`
        }
        confirmLabel={toggling?.active ? 'Desactivar' : 'Reactivar'}
        confirmColor={toggling?.active ? 'error' : 'success'}
        busy={busy}
        onConfirm={toggleActive}
        onCancel={() => setToggling(null)}
      />
    </Stack>
  );
}
