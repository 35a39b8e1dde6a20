import { Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Role } from '../../../../domain/constants';
import type { NewUserPayload } from '../../../api/users';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { TouchSelect } from '../../../ui/TouchSelect';
import { asError } from '../../../ui/useFeedback';
import { StaffModal } from '../../../ui/StaffModal';

const ROLE_OPTIONS = [
  { value: 'vendedor', label: 'Vendedor' },
  { value: 'admin', label: 'Administrador' },
];
const EMPTY: NewUserPayload = { username: '', fullName: '', email: null, role: 'vendedor', password: '' };

/** "Nuevo Usuario": username, full name, e-mail, role (seller by default) and initial password. */
export function UserDialog({ opened, onClose, onSave }: { opened: boolean; onClose: () => void; onSave: (user: NewUserPayload) => Promise<string | null> }) {
  const [values, setValues] = useState<NewUserPayload>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof NewUserPayload, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setValues(EMPTY);
    setErrors({});
    setServerError(null);
  }, [opened]);

  const set = <K extends keyof NewUserPayload>(key: K, value: NewUserPayload[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!values.username.trim()) next.username = 'El usuario es obligatorio';
    if (!values.fullName.trim()) next.fullName = 'El nombre es obligatorio';
    if (values.password.length < 6) next.password = 'La contraseña debe tener al menos 6 caracteres';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setSaving(true);
    const error = await onSave({ ...values, username: values.username.trim(), fullName: values.fullName.trim(), email: values.email?.trim() || null });
    setSaving(false);
    setServerError(error);
  };

  return (
    <StaffModal opened={opened} onClose={onClose} title="Nuevo Usuario" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FeedbackAlert feedback={asError(serverError)} onClose={() => setServerError(null)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Usuario" required size="md" autoComplete="off" value={values.username} onChange={(e) => set('username', e.currentTarget.value)} error={errors.username} data-autofocus />
            <TextInput label="Nombre completo" required size="md" value={values.fullName} onChange={(e) => set('fullName', e.currentTarget.value)} error={errors.fullName} />
            <TextInput label="Email" type="email" size="md" value={values.email ?? ''} onChange={(e) => set('email', e.currentTarget.value)} />
            <TouchSelect label="Rol" data={ROLE_OPTIONS} value={values.role} onChange={(v) => set('role', (v ?? 'vendedor') as Role)} />
          </SimpleGrid>
          <PasswordInput label="Contraseña" required size="md" autoComplete="new-password" value={values.password} onChange={(e) => set('password', e.currentTarget.value)} error={errors.password} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" size="md" onClick={onClose} disabled={saving}>
              Cancelar
            </Button>
            <Button type="submit" size="md" loading={saving}>
              Crear usuario
            </Button>
          </Group>
        </Stack>
      </form>
    </StaffModal>
  );
}
