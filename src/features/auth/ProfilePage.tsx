/** Mi Perfil: the signed-in user's data and the password change of docs/spec.md §7/§8. */
import { Alert, Badge, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { MSG } from '../../../domain/messages';
import { changePassword } from '../../api/auth';
import { saveSession } from '../../api/session';
import { rememberLogin } from '../../offline/offline-login';
import { useAuth } from '../../session/auth-context';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageTitle } from '../../ui/PageTitle';

const MISMATCH = 'Las contraseñas nuevas no coinciden';

export default function ProfilePage() {
  const { user, isAdmin } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setSuccess('');
    if (next !== confirm) {
      setError(MISMATCH);
      return;
    }
    setBusy(true);
    const result = await changePassword(current, next);
    setBusy(false);
    if (!result.success) {
      setError(result.message || MSG.changePasswordError);
      return;
    }
    // The change revoked every older session: keep this one with its fresh token, and let the offline
    // sign-in of this device know the new password (the old one no longer opens it).
    if (user) {
      saveSession(result.data.token, user);
      await rememberLogin(user.username, next, { token: result.data.token, user });
    }
    setSuccess(result.message || MSG.passwordChanged);
    setCurrent('');
    setNext('');
    setConfirm('');
  };

  return (
    <>
      <PageTitle>Mi Perfil</PageTitle>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="lg">
          <Stack gap="xs">
            <Title order={3} size="h4">
              {user?.fullName}
            </Title>
            <Text c="dimmed">Usuario: {user?.username}</Text>
            {user?.email && <Text c="dimmed">Email: {user.email}</Text>}
            <Group>
              <Badge color={isAdmin ? 'secondary' : 'primary'} variant="light">
                {isAdmin ? 'Administrador' : 'Vendedor'}
              </Badge>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p="lg">
          <Stack component="form" onSubmit={submit} gap="md">
            <Title order={3} size="h4">
              Cambiar Contraseña
            </Title>
            <ErrorAlert message={error} onClose={() => setError('')} />
            {success && (
              <Alert color="success" variant="light" icon={<IconCheck />} role="status" withCloseButton onClose={() => setSuccess('')}>
                {success}
              </Alert>
            )}
            <PasswordInput label="Contraseña actual" autoComplete="current-password" required size="md" value={current} onChange={(e) => setCurrent(e.currentTarget.value)} />
            <PasswordInput label="Nueva contraseña" autoComplete="new-password" required size="md" value={next} onChange={(e) => setNext(e.currentTarget.value)} />
            <PasswordInput
              label="Confirmar nueva contraseña"
              autoComplete="new-password"
              required
              size="md"
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit" size="md" loading={busy}>
                Cambiar Contraseña
              </Button>
            </Group>
          </Stack>
        </Paper>
      </SimpleGrid>
    </>
  );
}
