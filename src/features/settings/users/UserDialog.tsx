import { Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Role } from '../../../../domain/constants';
import { createUserBody } from '../../../../domain/schemas/auth';
import type { NewUserPayload } from '../../../api/users';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { checkWithSchema, type FieldErrors } from '../../../ui/schema-form';
import { TouchSelect } from '../../../ui/TouchSelect';
import { asError } from '../../../ui/useFeedback';
import { StaffModal } from '../../../ui/StaffModal';

const ROLE_OPTIONS = [
  { value: 'vendedor', label: 'Vendedor' },
  { value: 'admin', label: 'Administrador' },
];
const EMPTY: NewUserPayload = { username: '', fullName: '', email: null, role: 'vendedor', password: '' };
const SUBJECTS = { username: 'El usuario', fullName: 'El nombre', email: 'El email', password: 'La contraseña' };

/**
 * "Nuevo Usuario": username, full name, e-mail, role (seller by default) and initial password, checked
 * with the server's createUserBody.
 */
export function UserDialog({ opened, onClose, onSave }: { opened: boolean; onClose: () => void; onSave: (user: NewUserPayload) => Promise<string | null> }) {
  const [values, setValues] = useState<NewUserPayload>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<keyof typeof SUBJECTS>>({});
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
    const checked = checkWithSchema(createUserBody, { ...values, email: values.email?.trim() || null }, SUBJECTS);
    setErrors(checked.errors ?? {});
    setServerError(checked.errors?.form ?? null);
    if (checked.data === null) return;
    setSaving(true);
    const error = await onSave({ ...checked.data, email: checked.data.email ?? null });
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
            <TextInput label="Email" type="email" size="md" value={values.email ?? ''} onChange={(e) => set('email', e.currentTarget.value)} error={errors.email} />
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
