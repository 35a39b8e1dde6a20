import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { updateUserBody } from '../../../../domain/schemas/auth';
import type { StaffUser } from '../../../api/users';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { checkWithSchema } from '../../../ui/schema-form';
import { asError } from '../../../ui/useFeedback';
import { StaffModal } from '../../../ui/StaffModal';

/** "Restablecer contraseña": the admin sets a new password for a user (checked with the server's updateUserBody). */
export function PasswordDialog({ user, onClose, onSave }: { user: StaffUser | null; onClose: () => void; onSave: (password: string) => Promise<string | null> }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setPassword('');
    setError(null);
    setServerError(null);
  }, [user]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkWithSchema(updateUserBody, { password }, { password: 'La contraseña' });
    setError(checked.errors?.password ?? null);
    if (checked.data === null) return;
    setSaving(true);
    setServerError(await onSave(password));
    setSaving(false);
  };

  return (
    <StaffModal opened={user !== null} onClose={onClose} title="Restablecer contraseña" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FeedbackAlert feedback={asError(serverError)} onClose={() => setServerError(null)} />
          <Text>
            Nueva contraseña para <b>{user?.fullName}</b> ({user?.username}).
          </Text>
          <PasswordInput label="Nueva contraseña" required size="md" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={error} data-autofocus />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" size="md" onClick={onClose} disabled={saving}>
              Cancelar
            </Button>
            <Button type="submit" size="md" loading={saving}>
              Guardar contraseña
            </Button>
          </Group>
        </Stack>
      </form>
    </StaffModal>
  );
}
