/**
 * The sale's customer at checkout (issue #33 item 1): one field (name, CUIT/DNI or phone) searched in the
 * device's customer file (offline/customer-store.ts, so it works without a connection), or «Nuevo
 * cliente» inline. Online, a valid CUIT typed there asks ARCA's registry (api/registry.ts) and fills the
 * name, IVA condition and fiscal address; offline or when the registry fails, a Spanish note says to type
 * them. A customer created here is saved on the device and reaches the server with the next sync.
 */
import { Alert, Button, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch, IconUserPlus, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { customerDocumentProblem, CUSTOMER_DOC_TYPE_LABELS, normalizeDocNumber } from '../../../domain/customers';
import { CONDICION_IVA_LABELS, CONDICIONES_IVA, type CondicionIvaReceptor, type IssuerTaxCondition } from '../../../domain/invoicing/codes';
import { lookupCuit } from '../../api/registry';
import { CUSTOMER_MSG } from '../../offline/customer-messages';
import { createLocalCustomer, customerByDocument, loadCustomers, matchCustomers, onCustomersChanged, type LocalCustomer } from '../../offline/customer-store';
import type { FieldErrors } from '../../ui/schema-form';
import { checkCustomer, EMPTY_CUSTOMER, type CustomerField, type CustomerValues } from '../customers/customer-form';
import { CustomerFields } from '../customers/CustomerFields';
import { withCondition, type InvoiceFormValues } from '../invoices/invoice-form';

const MAX_MATCHES = 6;

/** The invoice buyer for this customer: its IVA condition (with the letter it implies), document, name and address. */
export function buyerInvoiceValues(issuer: IssuerTaxCondition, values: InvoiceFormValues, customer: LocalCustomer): InvoiceFormValues {
  return withCondition(issuer, { ...values, docTipo: customer.docType, docNro: customer.docNumber ?? '', name: customer.name, address: customer.address ?? '' }, customer.ivaConditionId);
}

/** The device's customer file, re-read whenever this tab changes it. */
function useLocalCustomers() {
  const [rows, setRows] = useState<LocalCustomer[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    let alive = true;
    const load = () =>
      loadCustomers().then(
        (all) => alive && (setRows(all), setError('')),
        () => alive && setError(CUSTOMER_MSG.localLoadError),
      );
    void load();
    const off = onCustomersChanged(() => void load());
    return () => {
      alive = false;
      off();
    };
  }, []);
  return { rows, error };
}

type RegistryState = { kind: 'idle' } | { kind: 'looking' } | { kind: 'filled' } | { kind: 'note'; text: string };

export interface CustomerPickerProps {
  value: LocalCustomer | null;
  onChange: (customer: LocalCustomer | null) => void;
  /** The server answers now: the registry may be asked. */
  online: boolean;
}

export function CustomerPicker({ value, onChange, online }: CustomerPickerProps) {
  const { rows, error } = useLocalCustomers();
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const matches = useMemo(() => matchCustomers(rows, query, MAX_MATCHES), [rows, query]);

  if (value) {
    return (
      <Paper withBorder p="sm" data-testid="picked-customer">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={600}>{value.name}</Text>
            <Text size="sm" c="dimmed">
              {[value.docNumber ? `${CUSTOMER_DOC_TYPE_LABELS[value.docType]} ${value.docNumber}` : null, CONDICION_IVA_LABELS[value.ivaConditionId], value.address].filter(Boolean).join(' · ')}
            </Text>
            {value.pending === 2 && (
              <Text size="sm" c="error" data-testid="customer-rejected">
                {CUSTOMER_MSG.rejected(value.rejectedReason ?? '')}
              </Text>
            )}
          </div>
          <Button variant="default" size="md" leftSection={<IconX size={16} />} onClick={() => onChange(null)}>
            Cambiar cliente
          </Button>
        </Group>
      </Paper>
    );
  }

  if (creating) {
    return (
      <NewCustomerForm
        initial={query}
        rows={rows}
        online={online}
        onCancel={() => setCreating(false)}
        onPick={(customer) => {
          setCreating(false);
          setQuery('');
          onChange(customer);
        }}
      />
    );
  }

  return (
    <Stack gap={6}>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          size="md"
          label="Cliente"
          placeholder="Nombre, CUIT/DNI o teléfono"
          leftSection={<IconSearch size={18} />}
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        <Button size="md" variant="default" leftSection={<IconUserPlus size={18} />} onClick={() => setCreating(true)}>
          Nuevo cliente
        </Button>
      </Group>
      {error && <Alert color="error" variant="light" p="xs">{error}</Alert>}
      {query.trim() !== '' && (
        <Stack gap={4} role="listbox" aria-label="Clientes encontrados">
          {matches.length === 0 ? (
            <Text size="sm" c="dimmed">
              {CUSTOMER_MSG.localEmpty}
            </Text>
          ) : (
            matches.map((customer) => (
              <UnstyledButton
                key={customer.uuid}
                role="option"
                aria-selected={false}
                onClick={() => {
                  setQuery('');
                  onChange(customer);
                }}
                style={{ minHeight: 44, padding: '6px 10px', borderRadius: 6, border: '1px solid var(--mantine-color-default-border)' }}
              >
                <Text fw={500}>{customer.name}</Text>
                <Text size="xs" c="dimmed">
                  {[customer.docNumber, customer.phone, CONDICION_IVA_LABELS[customer.ivaConditionId]].filter(Boolean).join(' · ')}
                </Text>
                {customer.pending === 2 && (
                  <Text size="xs" c="error">
                    {CUSTOMER_MSG.rejected(customer.rejectedReason ?? '')}
                  </Text>
                )}
              </UnstyledButton>
            ))
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** What was typed in the search becomes the first field: digits → the document, text → the name. */
function startValues(typed: string): CustomerValues {
  const digits = normalizeDocNumber(typed) ?? '';
  if (/^\d{11}$/.test(digits)) return { ...EMPTY_CUSTOMER, docType: '80', docNumber: digits };
  if (/^\d{7,8}$/.test(digits)) return { ...EMPTY_CUSTOMER, docType: '96', docNumber: digits };
  return { ...EMPTY_CUSTOMER, name: typed.trim() };
}

function NewCustomerForm({ initial, rows, online, onCancel, onPick }: { initial: string; rows: LocalCustomer[]; online: boolean; onCancel: () => void; onPick: (customer: LocalCustomer) => void }) {
  const [values, setValues] = useState<CustomerValues>(() => startValues(initial));
  const [errors, setErrors] = useState<FieldErrors<CustomerField>>({});
  const [registry, setRegistry] = useState<RegistryState>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const asked = useRef<string | null>(null);
  const cuit = values.docType === '80' ? normalizeDocNumber(values.docNumber) : null;
  const validCuit = cuit !== null && customerDocumentProblem(80, cuit) === null ? cuit : null;
  const existing = customerByDocument(rows, normalizeDocNumber(values.docNumber));

  // A valid CUIT, once: ask the registry online; offline, say the data is typed by hand.
  useEffect(() => {
    if (!validCuit || asked.current === validCuit || existing) return;
    asked.current = validCuit;
    if (!online) {
      setRegistry({ kind: 'note', text: CUSTOMER_MSG.registryOffline });
      return;
    }
    const controller = new AbortController();
    setRegistry({ kind: 'looking' });
    void lookupCuit(validCuit, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (!result.success) {
        // The server's message already says what to do (type the data, or look in the customer file).
        setRegistry({ kind: 'note', text: result.kind === 'network' ? CUSTOMER_MSG.registryOffline : result.message });
        return;
      }
      const persona = result.data;
      const condition = persona.ivaConditionId !== null && (CONDICIONES_IVA as number[]).includes(persona.ivaConditionId) ? String(persona.ivaConditionId as CondicionIvaReceptor) : null;
      setValues((v) => ({ ...v, name: persona.name || v.name, address: persona.address || v.address, ...(condition ? { ivaConditionId: condition } : {}) }));
      // A constancia with ARCA's observations leaves the condition to the cashier: say why.
      setRegistry(persona.warnings.length > 0 ? { kind: 'note', text: `${CUSTOMER_MSG.registryFilled}. ${persona.warnings.join(' ')}` } : { kind: 'filled' });
    });
    return () => controller.abort();
  }, [validCuit, online, existing]);

  const save = async () => {
    if (existing) return onPick(existing);
    const checked = checkCustomer(values, false);
    if (!checked.data) return setErrors(checked.errors);
    setBusy(true);
    try {
      const { docType, docNumber, name, ivaConditionId, address, phone, email } = checked.data;
      onPick(await createLocalCustomer({ docType, docNumber, name, ivaConditionId, address, phone, email }));
    } catch (failure) {
      setErrors({ form: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setBusy(false);
    }
  };

  const hint =
    registry.kind === 'looking' ? CUSTOMER_MSG.registryLooking : registry.kind === 'filled' ? CUSTOMER_MSG.registryFilled : registry.kind === 'note' ? registry.text : undefined;
  return (
    <Paper
      withBorder
      p="sm"
      data-testid="new-customer"
      // Enter here saves the customer; it must not reach the checkout form (that confirms the sale).
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !(event.target instanceof HTMLTextAreaElement)) {
          event.preventDefault();
          event.stopPropagation();
          if (!busy) void save();
        }
      }}
    >
      <Stack gap="xs">
        <Text fw={600}>Nuevo cliente</Text>
        {errors.form && <Alert color="error" variant="light" p="xs">{errors.form}</Alert>}
        <CustomerFields values={values} errors={errors} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} docHint={hint} disabled={busy} />
        {existing && (
          <Alert color="info" variant="light" p="xs">
            {CUSTOMER_MSG.documentTaken(existing.name)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button size="md" onClick={() => void save()} loading={busy}>
            {existing ? `Usar ${existing.name}` : 'Guardar cliente'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
