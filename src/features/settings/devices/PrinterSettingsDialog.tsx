import { Button, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MSG } from '../../../../domain/messages';
import { DEFAULT_PRINTER_SETTINGS, printerSettings, type PrinterSettings } from '../../../../domain/schemas/printing';
import { fetchDevicePrinter, saveDevicePrinter } from '../../../api/printing';
import type { Device } from '../../../api/devices';
import { CenteredLoader } from '../../../ui/CenteredLoader';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { StaffModal } from '../../../ui/StaffModal';
import { asError } from '../../../ui/useFeedback';

/** The form as typed (the port as text); checked with the same schema the server applies. */
type Form = Omit<PrinterSettings, 'port' | 'host'> & { host: string; port: string };

const toForm = (s: PrinterSettings): Form => ({ ...s, host: s.host ?? '', port: String(s.port) });

const LABELS: Record<'host' | 'port' | 'mode' | 'width' | 'qr' | 'policy', string> = {
  mode: 'Cómo imprime',
  host: 'Dirección de la impresora',
  port: 'Puerto',
  width: 'Ancho del papel',
  qr: 'Código QR de la factura',
  policy: 'Qué imprime solo',
};

/** Field → Spanish message, or null when the form is valid (then `settings` is what is saved). */
function checkPrinterForm(form: Form): { settings: PrinterSettings; errors: null } | { settings: null; errors: Partial<Record<keyof Form, string>> } {
  const parsed = printerSettings.safeParse({ ...form, port: form.port.trim() === '' ? undefined : form.port, host: form.host.trim() });
  if (parsed.success) return { settings: parsed.data, errors: null };
  const errors: Partial<Record<keyof Form, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Form;
    errors[key] ??= `${LABELS[key as keyof typeof LABELS] ?? String(key)}: ${issue.message}`;
  }
  return { settings: null, errors };
}

/**
 * Impresora of a counter device (issue #35, Configuración → Dispositivos): the browser's print dialog or a
 * network printer reached through the server (host and port; raw TCP, 9100 usually), the roll width, the
 * fiscal QR as the printer's own command or as an image, what prints by itself, and the cash drawer's pulse
 * on cash sales. The device reads it the next time its counter opens.
 */
export function PrinterSettingsDialog({ device, onClose, onSaved }: { device: Device | null; onClose: () => void; onSaved: (message: string) => void }) {
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setForm(null);
    setErrors({});
    setServerError(null);
    if (!device) return;
    let live = true;
    void fetchDevicePrinter(device.id).then((result) => {
      if (!live) return;
      if (result.success) setForm(toForm(result.data));
      else {
        setServerError(result.message);
        setForm(toForm(DEFAULT_PRINTER_SETTINGS));
      }
    });
    return () => {
      live = false;
    };
  }, [device]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!form || !device) return;
    const checked = checkPrinterForm(form);
    if (!checked.settings) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    const result = await saveDevicePrinter(device.id, checked.settings);
    setSaving(false);
    if (!result.success) setServerError(result.message);
    else onSaved(result.message ?? MSG.printerSaved);
  };

  const network = form?.mode === 'network';
  return (
    <StaffModal opened={device !== null} onClose={onClose} title="Impresora del dispositivo" size="md">
      {!form ? (
        <CenteredLoader />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <FeedbackAlert feedback={asError(serverError)} onClose={() => setServerError(null)} />
            <Text size="sm">
              Impresora de <b>{device?.name || 'Mostrador sin nombre'}</b>. Por red, el servidor envía el ticket a la impresora (puerto 9100) sin abrir el
              diálogo del navegador; si no responde, se abre el diálogo.
            </Text>
            <Select
              size="md"
              label={LABELS.mode}
              allowDeselect={false}
              data={[
                { value: 'dialog', label: 'Diálogo de impresión del navegador' },
                { value: 'network', label: 'Impresora de red (a través del servidor)' },
              ]}
              value={form.mode === 'network' ? 'network' : 'dialog'}
              onChange={(value) => set('mode', value === 'network' ? 'network' : 'dialog')}
              error={errors.mode}
            />
            {network && (
              <Group grow align="flex-start">
                <TextInput
                  size="md"
                  label={LABELS.host}
                  placeholder="192.168.0.50"
                  autoComplete="off"
                  withAsterisk
                  value={form.host}
                  onChange={(e) => set('host', e.currentTarget.value)}
                  error={errors.host}
                />
                <TextInput size="md" label={LABELS.port} inputMode="numeric" autoComplete="off" value={form.port} onChange={(e) => set('port', e.currentTarget.value)} error={errors.port} />
              </Group>
            )}
            <Group grow align="flex-start">
              <Select
                size="md"
                label={LABELS.width}
                allowDeselect={false}
                data={[
                  { value: '80', label: '80 mm (48 columnas)' },
                  { value: '58', label: '58 mm (32 columnas)' },
                ]}
                value={form.width}
                onChange={(value) => set('width', value === '58' ? '58' : '80')}
                error={errors.width}
              />
              {network && (
                <Select
                  size="md"
                  label={LABELS.qr}
                  allowDeselect={false}
                  data={[
                    { value: 'native', label: 'Comando QR de la impresora' },
                    { value: 'raster', label: 'Imagen (impresoras sin QR)' },
                  ]}
                  value={form.qr}
                  onChange={(value) => set('qr', value === 'raster' ? 'raster' : 'native')}
                  error={errors.qr}
                />
              )}
            </Group>
            <Select
              size="md"
              label={LABELS.policy}
              allowDeselect={false}
              data={[
                { value: 'all', label: 'Cada ticket al confirmar la venta' },
                { value: 'invoices', label: 'Solo las facturas' },
                { value: 'ask', label: 'Nada: preguntar (se imprime con un toque)' },
              ]}
              value={form.policy}
              onChange={(value) => set('policy', value === 'invoices' || value === 'ask' ? value : 'all')}
              error={errors.policy}
            />
            {network && (
              <Switch
                size="md"
                label="Abrir el cajón de dinero en las ventas en efectivo"
                checked={form.drawer}
                onChange={(e) => set('drawer', e.currentTarget.checked)}
              />
            )}
            <Group justify="flex-end" mt="xs">
              <Button variant="default" size="md" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" size="md" loading={saving}>
                Guardar
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </StaffModal>
  );
}
