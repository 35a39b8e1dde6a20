import { Alert, Button, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { MSG } from '../../../../domain/messages';
import { BAUD_RATES, DEFAULT_PRINTER_SETTINGS, PRINTER_MODES, printerSettings, type PrinterMode, type PrinterSettings } from '../../../../domain/schemas/printing';
import { fetchDevicePrinter, saveDevicePrinter } from '../../../api/printing';
import type { Device } from '../../../api/devices';
import { getMeta } from '../../../offline/db';
import { directUnsupported, isDirect, pairedPrinter, pairPrinter, type DirectMode } from '../../pos/printing/direct-print';
import { CenteredLoader } from '../../../ui/CenteredLoader';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { StaffModal } from '../../../ui/StaffModal';
import { asError } from '../../../ui/useFeedback';

/** The form as typed (the port as text); checked with the same schema the server applies. */
type Form = Omit<PrinterSettings, 'port' | 'host'> & { host: string; port: string };

const toForm = (s: PrinterSettings): Form => ({ ...s, host: s.host ?? '', port: String(s.port) });

const LABELS: Record<'host' | 'port' | 'mode' | 'width' | 'qr' | 'policy' | 'baudRate', string> = {
  mode: 'Cómo imprime',
  host: 'Dirección de la impresora',
  port: 'Puerto',
  width: 'Ancho del papel',
  qr: 'Código QR de la factura',
  policy: 'Qué imprime solo',
  baudRate: 'Velocidad del puerto (baudios)',
};

const MODE_LABELS: Record<PrinterMode, string> = {
  dialog: 'Diálogo de impresión del navegador',
  network: 'Impresora de red (a través del servidor)',
  webusb: 'Impresora USB conectada a este mostrador (WebUSB)',
  webserial: 'Puerto serie o Bluetooth de este mostrador (Web Serial)',
};

/**
 * Pairing the tablet's own printer (WebUSB / Web Serial): only in the browser of the device being edited, where
 * the browser's chooser needs a tap; elsewhere the admin is told to do it there. Says plainly when this browser
 * has no such API.
 */
function DirectPairing({ mode, here, deviceName }: { mode: DirectMode; here: boolean; deviceName: string }) {
  const paired = useLiveQuery(() => pairedPrinter(mode), [mode]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unsupported = directUnsupported(mode);
  const usb = mode === 'webusb';
  if (!here)
    return (
      <Text size="sm" c="dimmed">
        {usb ? 'La impresora USB' : 'El puerto serie'} se vincula en el propio mostrador: iniciá sesión como administrador en «{deviceName}», abrí esta
        pantalla y tocá «{usb ? 'Vincular impresora USB' : 'Vincular puerto serie'}». Hace falta Chrome o Edge.
      </Text>
    );
  if (unsupported) return <Alert color="yellow">{unsupported}</Alert>;
  const pair = () => {
    setError(null);
    setBusy(true);
    // The chooser is asked for within this tap (pairPrinter calls the browser before any await).
    pairPrinter(mode)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : MSG.directPrintFailed))
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap="xs" data-testid="printer-pairing">
      <Text size="sm">{paired ? `Vinculada en este mostrador: ${paired.name}` : `Todavía no hay ${usb ? 'una impresora USB vinculada' : 'un puerto serie vinculado'} en este mostrador.`}</Text>
      {error && (
        <Alert color="red" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Group>
        <Button variant="light" size="md" loading={busy} onClick={pair}>
          {usb ? 'Vincular impresora USB' : 'Vincular puerto serie'}
        </Button>
      </Group>
    </Stack>
  );
}

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
 * Impresora of a counter device (issue #35, Configuración → Dispositivos): the browser's print dialog, a
 * network printer reached through the server (host and port; raw TCP, 9100 usually), or a USB printer or serial
 * port paired with the tablet itself (WebUSB / Web Serial, DirectPairing; serial with its baud rate), the roll width, the
 * fiscal QR as the printer's own command or as an image, what prints by itself, and the cash drawer's pulse
 * on cash sales. The device reads it the next time its counter opens.
 */
export function PrinterSettingsDialog({ device, onClose, onSaved }: { device: Device | null; onClose: () => void; onSaved: (message: string) => void }) {
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // This browser is the device being edited: only here can its USB printer or serial port be paired.
  const here = useLiveQuery(async () => device !== null && (await getMeta('deviceId')) === device.id, [device]) ?? false;

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
  const itself = form !== null && form.mode !== 'dialog';
  return (
    <StaffModal opened={device !== null} onClose={onClose} title="Impresora del dispositivo" size="md">
      {!form ? (
        <CenteredLoader />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <FeedbackAlert feedback={asError(serverError)} onClose={() => setServerError(null)} />
            <Text size="sm">
              Impresora de <b>{device?.name || 'Mostrador sin nombre'}</b>. Por red, el servidor envía el ticket a la impresora (puerto 9100); por USB o
              puerto serie, la tablet lo envía a la impresora conectada a ella. En ambos casos sin abrir el diálogo del navegador; si la impresora no
              responde, se abre el diálogo.
            </Text>
            <Select
              size="md"
              label={LABELS.mode}
              allowDeselect={false}
              data={PRINTER_MODES.map((mode) => {
                // On the device itself, a mode its browser lacks stays unchosen (the dialog keeps printing).
                const missing = here && isDirect(mode) && directUnsupported(mode) !== null;
                return { value: mode, label: missing ? `${MODE_LABELS[mode]}: no disponible en este navegador` : MODE_LABELS[mode], disabled: missing };
              })}
              value={form.mode}
              onChange={(value) => set('mode', PRINTER_MODES.find((mode) => mode === value) ?? 'dialog')}
              error={errors.mode}
            />
            {here && !isDirect(form.mode) && directUnsupported('webusb') && directUnsupported('webserial') && (
              <Text size="sm" c="dimmed">
                {directUnsupported('webusb') === MSG.directInsecure ? MSG.directInsecure : 'Este navegador no tiene WebUSB ni Web Serial: con Chrome o Edge se puede imprimir directo a una impresora USB o serie.'}
              </Text>
            )}
            {isDirect(form.mode) && <DirectPairing mode={form.mode} here={here} deviceName={device?.name || 'Mostrador sin nombre'} />}
            {form.mode === 'webserial' && (
              <Select
                size="md"
                label={LABELS.baudRate}
                allowDeselect={false}
                data={BAUD_RATES.map((rate) => ({ value: String(rate), label: rate === 9600 ? '9600 (la de fábrica)' : String(rate) }))}
                value={String(form.baudRate)}
                onChange={(value) => set('baudRate', Number(value ?? 9600))}
                error={errors.baudRate}
              />
            )}
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
              {itself && (
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
            {itself && (
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
