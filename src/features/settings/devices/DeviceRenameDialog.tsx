import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { renameDeviceBody } from '../../../../domain/schemas/sync';
import type { Device } from '../../../api/devices';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { StaffModal } from '../../../ui/StaffModal';
import { asError } from '../../../ui/useFeedback';

/** «Renombrar» a counter device (issue #31 item 6): the name the back office and its sales show ("Caja 3F9A" → "Mostrador 1"). */
export function DeviceRenameDialog({ device, onClose, onSave }: { device: Device | null; onClose: () => void; onSave: (name: string) => Promise<string | null> }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setValue(device?.name ?? '');
    setError(null);
    setServerError(null);
  }, [device]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = renameDeviceBody.safeParse({ name: value });
    if (!parsed.success) {
      setError(`Nombre: ${parsed.error.issues[0]?.message ?? 'no es válido'}`);
      return;
    }
    setError(null);
    setSaving(true);
    setServerError(await onSave(parsed.data.name));
    setSaving(false);
  };

  return (
    <StaffModal opened={device !== null} onClose={onClose} title="Renombrar dispositivo" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FeedbackAlert feedback={asError(serverError)} onClose={() => setServerError(null)} />
          <TextInput label="Nombre" size="md" placeholder="Ej. Mostrador 1" value={value} onChange={(e) => setValue(e.currentTarget.value)} error={error} data-autofocus />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" size="md" onClick={onClose} disabled={saving}>
              Cancelar
            </Button>
            <Button type="submit" size="md" loading={saving}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </StaffModal>
  );
}
