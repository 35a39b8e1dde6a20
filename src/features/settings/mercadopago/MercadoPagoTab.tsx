/**
 * Configuración → Mercado Pago (admin): access token, webhook secret and public address. The token and
 * the secret are write-only: the server only says whether one is saved and where it comes from. A blank
 * field keeps what is saved; "Quitar credenciales guardadas" (with confirmation) goes back to the
 * environment's values.
 */
import { Alert, Badge, Button, Group, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PaymentSettingsJson } from '../../../../domain/schemas/payments';
import { fetchPaymentSettings, savePaymentSettings } from '../../../api/payments';
import { unwrap } from '../../../api/unwrap';
import { CenteredLoader } from '../../../ui/CenteredLoader';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { useFeedback } from '../../../ui/useFeedback';
import { paymentKeys } from '../../sales/queries';

const SOURCE_LABELS: Record<PaymentSettingsJson['accessTokenSource'], string> = {
  settings: 'guardado en Configuración',
  env: 'variable de entorno MP_ACCESS_TOKEN',
  simulator: 'simulador de demostración (sin credenciales)',
  none: 'sin configurar',
};

export function MercadoPagoTab() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: paymentKeys.settings, queryFn: () => unwrap(fetchPaymentSettings()) });
  const [form, setForm] = useState({ accessToken: '', webhookSecret: '', publicUrl: '' });
  const [saving, setSaving] = useState(false);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const { feedback, report, clear } = useFeedback();

  if (settings.error) return <ErrorAlert message={settings.error.message} />;
  if (!settings.data) return <CenteredLoader />;
  const data = settings.data;

  const send = async (body: { accessToken?: string; webhookSecret?: string; publicUrl?: string }) => {
    setSaving(true);
    const result = await savePaymentSettings(body);
    setSaving(false);
    if (report(result)) {
      queryClient.setQueryData(paymentKeys.settings, result.data);
      await queryClient.invalidateQueries({ queryKey: paymentKeys.availability });
      setForm({ accessToken: '', webhookSecret: '', publicUrl: '' });
    }
  };

  const save = () => {
    const body: { accessToken?: string; webhookSecret?: string; publicUrl?: string } = {};
    if (form.accessToken.trim()) body.accessToken = form.accessToken.trim();
    if (form.webhookSecret.trim()) body.webhookSecret = form.webhookSecret.trim();
    if (form.publicUrl.trim()) body.publicUrl = form.publicUrl.trim();
    void send(body);
  };

  return (
    <Stack gap="md" maw={720}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Group gap="sm">
            <Text fw={600}>Estado</Text>
            <Badge color={data.configured ? (data.simulated ? 'warning' : 'success') : 'error'} size="lg" tt="none">
              {data.configured ? data.label : 'No configurado'}
            </Badge>
          </Group>
          <Text size="sm">Access token: {SOURCE_LABELS[data.accessTokenSource]}</Text>
          <Text size="sm">Secreto de webhooks: {data.hasWebhookSecret ? 'cargado' : 'sin cargar (las notificaciones firmadas no se pueden verificar)'}</Text>
          <Text size="sm">Dirección pública: {data.publicUrl ?? 'no definida (se usa la dirección desde la que abre el POS)'}</Text>
          <Text size="sm">Cobro en el mostrador (QR y Point): la sucursal, la caja y el terminal de cada dispositivo se eligen en Configuración → Dispositivos, botón «Mercado Pago».</Text>
          {data.webhookUrl ? (
            <Text size="sm">
              URL de notificaciones para cargar en Mercado Pago: <code>{data.webhookUrl}</code>
            </Text>
          ) : (
            <Alert color="info" variant="light">
              Sin una dirección pública HTTPS, Mercado Pago no puede avisar los pagos: el servidor los consulta solo cada {Math.round(data.pollIntervalMs / 1000)} s mientras haya
              ventas pendientes, y cada vez que se abre una venta o una página de resultado.
            </Alert>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <PasswordInput
            size="md"
            label="Access token"
            description="Credencial de producción o de prueba de tu cuenta de Mercado Pago. Nunca se muestra."
            placeholder={data.accessTokenSource === 'settings' ? 'Guardado (dejalo vacío para conservarlo)' : 'APP_USR-...'}
            autoComplete="off"
            value={form.accessToken}
            onChange={(e) => setForm({ ...form, accessToken: e.currentTarget.value })}
          />
          <PasswordInput
            size="md"
            label="Secreto de webhooks"
            description="La clave secreta de las notificaciones (Tus integraciones → Webhooks)."
            placeholder={data.hasWebhookSecret ? 'Cargado (dejalo vacío para conservarlo)' : ''}
            autoComplete="off"
            value={form.webhookSecret}
            onChange={(e) => setForm({ ...form, webhookSecret: e.currentTarget.value })}
          />
          <TextInput
            size="md"
            label="Dirección pública del comercio"
            description="Por ejemplo https://mitienda.com.ar: se usa para volver del pago y para las notificaciones."
            placeholder={data.publicUrl ?? 'https://'}
            value={form.publicUrl}
            onChange={(e) => setForm({ ...form, publicUrl: e.currentTarget.value })}
          />
          <FeedbackAlert feedback={feedback} onClose={clear} />
          <Group justify="space-between">
            <Button variant="subtle" color="error" size="md" leftSection={<IconTrash size={18} />} onClick={() => setConfirmingClear(true)} disabled={saving}>
              Quitar credenciales guardadas
            </Button>
            <Button size="md" leftSection={<IconDeviceFloppy size={18} />} loading={saving} onClick={save}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </Paper>
      <ConfirmDialog
        opened={confirmingClear}
        message="¿Estás seguro de quitar el access token, el secreto y la dirección guardados? Se usarán los de las variables de entorno, si las hay."
        confirmLabel="Quitar"
        busy={saving}
        onConfirm={() => {
          setConfirmingClear(false);
          void send({ accessToken: '', webhookSecret: '', publicUrl: '' });
        }}
        onCancel={() => setConfirmingClear(false)}
      />
    </Stack>
  );
}
