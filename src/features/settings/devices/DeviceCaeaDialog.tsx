import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { deviceCaeaBody } from '../../../../domain/schemas/sync';
import type { Device } from '../../../api/devices';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { StaffModal } from '../../../ui/StaffModal';
import { asError } from '../../../ui/useFeedback';

/**
 * "Punto de venta CAEA" of a counter device (issue #11): the point of sale it numbers invoices on while it
 * cannot reach the server. Each device its own, so devices offline at once never share a sequence; the
 * server checks it is unique and not the server's. Empty removes it.
 */
export function DeviceCaeaDialog({ device, onClose, onSave }: { device: Device | null; onClose: () => void; onSave: (caeaPtoVta: number | null) => Promise<string | null> }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setValue(device?.caeaPtoVta ? String(device.caeaPtoVta) : '');
    setError(null);
    setServerError(null);
  }, [device]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = deviceCaeaBody.safeParse({ caeaPtoVta: value.trim() === '' ? null : value.trim() });
    if (!parsed.success) {
      setError(`Punto de venta CAEA: ${parsed.error.issues[0]?.message ?? 'no es válido'}`);
      return;
    }
    setError(null);
    setSaving(true);
    setServerError(await onSave(parsed.data.caeaPtoVta));
    setSaving(false);
  };

  return (
    <StaffModal opened={device !== null} onClose={onClose} title="Punto de venta CAEA" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FeedbackAlert feedback={asError(serverError)} onClose={() => setServerError(null)} />
          <Text>
            Punto de venta habilitado para CAEA de <b>{device?.name || 'Mostrador sin nombre'}</b>. Lo usa para facturar cuando no puede comunicarse con el
            servidor. Cada mostrador necesita uno distinto.
          </Text>
          <TextInput label="Punto de venta CAEA" size="md" inputMode="numeric" placeholder="Ej. 91 (vacío: ninguno)" value={value} onChange={(e) => setValue(e.currentTarget.value)} error={error} data-autofocus />
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
