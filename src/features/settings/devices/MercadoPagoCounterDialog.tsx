import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { counterSetupBody, type CounterJson, type CounterSetupBody } from '../../../../domain/schemas/payment-orders';
import type { Device } from '../../../api/devices';
import { fetchCounterTerminals, fetchPaymentCounters, fetchPaymentStores, savePaymentCounter } from '../../../api/payment-counters';
import { CenteredLoader } from '../../../ui/CenteredLoader';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { StaffModal } from '../../../ui/StaffModal';
import { asError } from '../../../ui/useFeedback';

type Store = { id: string; name: string; externalId: string | null };
type Terminal = { id: string; operatingMode: string; posId: string };

/** The store select's «create one» choice and the terminal select's «no terminal» one (never a Mercado Pago id). */
const NEW_STORE = '__nueva__';
const QR_ONLY = '__solo_qr__';

type Form = { store: string; storeName: string; street: string; number: string; city: string; state: string; posName: string; posExternalId: string; terminal: string };
type Field = Exclude<keyof Form, 'store' | 'terminal'> | 'terminal';

const LABELS: Record<Field, string> = {
  storeName: 'Nombre de la sucursal',
  street: 'Calle',
  number: 'Número',
  city: 'Ciudad',
  state: 'Provincia',
  posName: 'Nombre de la caja',
  posExternalId: 'Código de la caja',
  terminal: 'Terminal Point',
};

/** Mercado Pago's POS external_id: letters and digits, < 40; one per device, so it is derived from the device's id. */
const externalIdFor = (deviceId: string) => `CAJA${deviceId.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 39);

const deviceName = (device: Device) => device.name || 'Mostrador sin nombre';

function initialForm(device: Device, current: CounterJson | null, stores: Store[]): Form {
  return {
    store: current?.storeId ?? stores[0]?.id ?? NEW_STORE,
    storeName: '',
    street: '',
    number: '',
    city: '',
    state: '',
    posName: (device.name || 'Caja').slice(0, 44),
    posExternalId: current?.externalPosId ?? externalIdFor(device.id),
    terminal: current?.terminalId ?? QR_ONLY,
  };
}

/** The body the server receives, checked with the same schema it applies; or each field's Spanish message. */
function checkForm(form: Form): { body: CounterSetupBody; errors: null } | { body: null; errors: Partial<Record<Field | 'form', string>> } {
  const terminalId = form.terminal === QR_ONLY ? undefined : form.terminal;
  const input =
    form.store === NEW_STORE
      ? { storeName: form.storeName, address: { street: form.street, number: form.number, city: form.city, state: form.state }, posName: form.posName, posExternalId: form.posExternalId, terminalId }
      : { storeId: form.store, posName: form.posName, posExternalId: form.posExternalId, terminalId };
  const parsed = counterSetupBody.safeParse(input);
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: Partial<Record<Field | 'form', string>> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] === 'address' ? issue.path[1] : issue.path[0] === 'terminalId' ? 'terminal' : issue.path[0]);
    if (key in LABELS) errors[key as Field] ??= `${LABELS[key as Field]}: ${issue.message}`;
    else errors.form ??= issue.message;
  }
  return { body: null, errors };
}

/**
 * Caja de Mercado Pago of a counter device (issue #34, Configuración → Dispositivos): the sucursal (one of
 * the account's, or a new one with its address), the caja (POS) and its code, then the caja's Point
 * terminal or «Solo QR». Saved through the server, which creates them in Mercado Pago and keeps what the
 * counter's QR / Point charges use; each refusal (Mercado Pago not configured, a code taken in another
 * sucursal, a terminal not in PDV mode) is shown here and nothing typed is lost. A device without a caja
 * stays open after the first save, to pick the terminal the new caja lists.
 */
export function MercadoPagoCounterDialog({ device, onClose, onSaved }: { device: Device | null; onClose: () => void; onSaved: (message: string) => void }) {
  const [form, setForm] = useState<Form | null>(null);
  const [current, setCurrent] = useState<CounterJson | null>(null);
  const [stores, setStores] = useState<Store[]>([]);
  const [terminals, setTerminals] = useState<Terminal[] | null>(null);
  const [terminalsError, setTerminalsError] = useState<string | null>(null);
  const [loadingTerminals, setLoadingTerminals] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const loadTerminals = async (deviceId: string, live: () => boolean = () => true) => {
    setLoadingTerminals(true);
    setTerminalsError(null);
    const result = await fetchCounterTerminals(deviceId);
    if (!live()) return;
    setLoadingTerminals(false);
    if (result.success) setTerminals(result.data);
    else {
      setTerminals([]);
      setTerminalsError(result.message);
    }
  };

  useEffect(() => {
    setForm(null);
    setCurrent(null);
    setStores([]);
    setTerminals(null);
    setTerminalsError(null);
    setErrors({});
    setServerError(null);
    setNotice(null);
    if (!device) return;
    let live = true;
    void Promise.all([fetchPaymentCounters(), fetchPaymentStores()]).then(([counters, storeList]) => {
      if (!live) return;
      const mine = counters.success ? (counters.data.find((c) => c.deviceId === device.id) ?? null) : null;
      const known = storeList.success ? storeList.data : [];
      setCurrent(mine);
      setStores(known);
      setServerError(!counters.success ? counters.message : !storeList.success ? storeList.message : null);
      setForm(initialForm(device, mine, known));
      if (mine) void loadTerminals(device.id, () => live);
    });
    return () => {
      live = false;
    };
  }, [device]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!form || !device || saving) return;
    const checked = checkForm(form);
    if (!checked.body) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setNotice(null);
    setSaving(true);
    const result = await savePaymentCounter(device.id, checked.body);
    if (!result.success) {
      setSaving(false);
      setServerError(result.message);
      return;
    }
    setServerError(null);
    const message = result.message ?? 'Caja de Mercado Pago guardada';
    if (current) {
      setSaving(false);
      onSaved(message);
      return;
    }
    // A new caja: it now lists its Point terminals; the new sucursal is picked in the list from now on.
    const saved = result.data;
    const storeList = await fetchPaymentStores();
    const known = storeList.success ? storeList.data : stores;
    setStores(known.some((s) => s.id === saved.storeId) ? known : [...known, { id: saved.storeId, name: form.storeName.trim() || `Sucursal ${saved.storeId}`, externalId: null }]);
    setCurrent(saved);
    setForm((f) => (f ? { ...f, store: saved.storeId, storeName: '', street: '', number: '', city: '', state: '' } : f));
    setSaving(false);
    setNotice(`${message}. Elegí su terminal Point (o dejá «Solo QR») y guardá.`);
    await loadTerminals(device.id);
  };

  const storeLabel = (id: string) => stores.find((s) => s.id === id)?.name ?? `Sucursal ${id}`;
  const storeOptions = [
    ...stores.map((s) => ({ value: s.id, label: s.name })),
    ...(current && !stores.some((s) => s.id === current.storeId) ? [{ value: current.storeId, label: storeLabel(current.storeId) }] : []),
    { value: NEW_STORE, label: 'Nueva sucursal…' },
  ];
  const terminalOptions = [
    { value: QR_ONLY, label: 'Solo QR (sin terminal Point)' },
    ...(terminals ?? []).map((t) => ({ value: t.id, label: t.operatingMode === 'PDV' ? t.id : `${t.id} (modo ${t.operatingMode}: pasalo a PDV)` })),
    ...(current?.terminalId && terminals && !terminals.some((t) => t.id === current.terminalId) ? [{ value: current.terminalId, label: current.terminalId }] : []),
  ];

  return (
    <StaffModal opened={device !== null} onClose={onClose} title="Caja de Mercado Pago" size="md">
      {!form || !device ? (
        <CenteredLoader />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <FeedbackAlert feedback={asError(serverError)} onClose={() => setServerError(null)} />
            <FeedbackAlert feedback={notice ? { kind: 'success', text: notice } : null} onClose={() => setNotice(null)} />
            <Text size="sm">
              Caja de <b>{deviceName(device)}</b> para cobrar con QR y Point de Mercado Pago.
            </Text>
            {current ? (
              <Text size="sm" data-testid="mp-counter-current">
                Ahora: sucursal <b>{storeLabel(current.storeId)}</b>, caja <b>{current.externalPosId}</b>, {current.terminalId ? <>terminal <b>{current.terminalId}</b></> : <b>Solo QR</b>}.
              </Text>
            ) : (
              <Text size="sm" c="dimmed" data-testid="mp-counter-current">
                Este dispositivo todavía no tiene caja de Mercado Pago: no puede cobrar con QR ni Point.
              </Text>
            )}
            <Select
              size="md"
              label="Sucursal"
              allowDeselect={false}
              data={storeOptions}
              value={form.store}
              onChange={(value) => set('store', value ?? NEW_STORE)}
            />
            {form.store === NEW_STORE && (
              <>
                <TextInput size="md" label={LABELS.storeName} withAsterisk autoComplete="off" value={form.storeName} onChange={(e) => set('storeName', e.currentTarget.value)} error={errors.storeName} />
                <Group grow align="flex-start">
                  <TextInput size="md" label={LABELS.street} withAsterisk autoComplete="off" value={form.street} onChange={(e) => set('street', e.currentTarget.value)} error={errors.street} />
                  <TextInput size="md" label={LABELS.number} withAsterisk autoComplete="off" value={form.number} onChange={(e) => set('number', e.currentTarget.value)} error={errors.number} />
                </Group>
                <Group grow align="flex-start">
                  <TextInput size="md" label={LABELS.city} withAsterisk autoComplete="off" value={form.city} onChange={(e) => set('city', e.currentTarget.value)} error={errors.city} />
                  <TextInput size="md" label={LABELS.state} withAsterisk autoComplete="off" value={form.state} onChange={(e) => set('state', e.currentTarget.value)} error={errors.state} />
                </Group>
              </>
            )}
            <TextInput size="md" label={LABELS.posName} withAsterisk autoComplete="off" value={form.posName} onChange={(e) => set('posName', e.currentTarget.value)} error={errors.posName} />
              <TextInput
                size="md"
                label={LABELS.posExternalId}
                description="Letras y números, hasta 39"
                withAsterisk
                autoComplete="off"
                value={form.posExternalId}
                onChange={(e) => set('posExternalId', e.currentTarget.value)}
                error={errors.posExternalId}
              />
            {current && (
              <Select
                size="md"
                label={LABELS.terminal}
                description="El terminal Point de esta caja, en modo integrado (PDV)"
                allowDeselect={false}
                data={terminalOptions}
                value={form.terminal}
                onChange={(value) => set('terminal', value ?? QR_ONLY)}
                disabled={loadingTerminals}
                placeholder={loadingTerminals ? 'Cargando terminales…' : undefined}
                error={errors.terminal ?? terminalsError}
              />
            )}
            {errors.form && (
              <Text size="sm" c="error">
                {errors.form}
              </Text>
            )}
            <Group justify="flex-end" mt="xs">
              <Button variant="default" size="md" onClick={onClose}>
                {current && notice ? 'Cerrar' : 'Cancelar'}
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
