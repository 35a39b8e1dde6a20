/**
 * «Cobro a cuenta» at the counter (issue #33.4): find the customer in the device's file (offline too), see
 * the balance this counter reckons with (pulled + what it has not sent yet), type the amount, pick cash,
 * transfer or card, confirm. The payment is written to the device's outbox (offline/account-payments.ts)
 * and the sync engine delivers it once; the receipt prints with the browser's print dialog. Below, the
 * payments taken here that wait for the server or that it refused (with the reason).
 */
import { Alert, Button, Group, List, Paper, SegmentedControl, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { ACCOUNT_MSG, ACCOUNT_PAYMENT_METHODS, type AccountPaymentMethod } from '../../../../domain/account';
import { formatCents, toCents } from '../../../../domain/money';
import { parseMoneyInput } from '../../../../domain/money-input';
import { captureAccountPayment, onAccountPaymentsChanged, recentAccountPayments } from '../../../offline/account-payments';
import type { AccountPaymentEntry } from '../../../offline/account-types';
import { loadCustomers, matchCustomers, onCustomersChanged, type LocalCustomer } from '../../../offline/customer-store';
import { PAYMENT_LABELS } from '../../../offline-ui/format';
import { StaffModal } from '../../../ui/StaffModal';
import { printAccountReceipt } from './AccountReceipt';

const MAX_MATCHES = 6;

interface Props {
  opened: boolean;
  onClose: () => void;
  seller: { id: number; name: string };
  /** The payment just taken (its receipt is rendered by the caller, for printing). */
  onTaken: (entry: AccountPaymentEntry) => void;
}

/** The device's customer file with the balances the counter reckons with, re-read when it or the payments change. */
function useCounterCustomers(opened: boolean) {
  const [rows, setRows] = useState<LocalCustomer[]>([]);
  const [recent, setRecent] = useState<AccountPaymentEntry[]>([]);
  useEffect(() => {
    if (!opened) return;
    let alive = true;
    const load = () => {
      void loadCustomers().then((all) => alive && setRows(all));
      void recentAccountPayments().then((all) => alive && setRecent(all));
    };
    load();
    const offCustomers = onCustomersChanged(load);
    const offPayments = onAccountPaymentsChanged(load);
    return () => {
      alive = false;
      offCustomers();
      offPayments();
    };
  }, [opened]);
  return { rows, recent };
}

function WaitingPayments({ recent }: { recent: AccountPaymentEntry[] }) {
  const waiting = recent.filter((entry) => entry.status !== 'synced');
  if (!waiting.length) return null;
  return (
    <Alert color={waiting.some((e) => e.status === 'rejected') ? 'error' : 'blue'} variant="light" title="Cobros de este mostrador sin confirmar" data-testid="account-waiting">
      <List size="sm">
        {waiting.map((entry) => (
          <List.Item key={entry.clientPaymentId}>
            {entry.customerName}: {formatCents(entry.amountCents)} · {entry.status === 'rejected' ? `rechazado: ${entry.lastError ?? ''}` : 'pendiente de enviar'}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

export function AccountPaymentDialog({ opened, onClose, seller, onTaken }: Props) {
  const { rows, recent } = useCounterCustomers(opened);
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [method, setMethod] = useState<AccountPaymentMethod>('efectivo');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [taken, setTaken] = useState<AccountPaymentEntry | null>(null);
  const customer = rows.find((row) => row.uuid === picked) ?? null;
  const matches = useMemo(() => matchCustomers(rows, query, MAX_MATCHES), [rows, query]);
  const parsed = parseMoneyInput(text);

  const reset = () => {
    setQuery('');
    setPicked(null);
    setText('');
    setMethod('efectivo');
    setNote('');
    setError('');
    setTaken(null);
  };

  const submit = async () => {
    if (!customer) return setError('Elegí el cliente que paga');
    if (!parsed.ok) return setError(parsed.message);
    if (!parsed.cents) return setError(ACCOUNT_MSG.amountPositive);
    setBusy(true);
    setError('');
    try {
      const entry = await captureAccountPayment({ customerUuid: customer.uuid, amountCents: parsed.cents, method, sellerId: seller.id, sellerName: seller.name, note });
      setTaken(entry);
      onTaken(entry);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <StaffModal opened={opened} onClose={onClose} title="Cobro a cuenta" size="lg" onExitTransitionEnd={reset}>
      {taken ? (
        <Stack gap="md" data-testid="account-payment-done">
          <Alert color="success" role="status">
            {ACCOUNT_MSG.paymentRecorded}: {taken.customerName}, {formatCents(taken.amountCents)} ({PAYMENT_LABELS[taken.payment.method]}). Saldo luego del cobro:{' '}
            {formatCents(taken.balanceBeforeCents - taken.amountCents)}.
          </Alert>
          <Group grow>
            <Button size="lg" variant="default" onClick={reset}>
              Otro cobro
            </Button>
            <Button size="lg" onClick={printAccountReceipt}>
              Imprimir recibo
            </Button>
          </Group>
          <Button size="md" variant="subtle" onClick={onClose}>
            Listo
          </Button>
        </Stack>
      ) : (
        <Stack
          component="form"
          gap="md"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <WaitingPayments recent={recent} />
          {customer ? (
            <Paper withBorder p="sm" data-testid="account-customer">
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={600}>{customer.name}</Text>
                  <Text size="sm" data-testid="account-balance">
                    Saldo: {formatCents(toCents(customer.balance))}
                    {customer.creditLimit !== null ? ` · Límite: ${formatCents(toCents(customer.creditLimit))}` : ''}
                  </Text>
                </div>
                <Button variant="default" size="md" leftSection={<IconX size={16} />} onClick={() => setPicked(null)}>
                  Cambiar cliente
                </Button>
              </Group>
            </Paper>
          ) : (
            <Stack gap={6}>
              <TextInput
                size="md"
                label="Cliente"
                placeholder="Nombre, CUIT/DNI o teléfono"
                leftSection={<IconSearch size={18} />}
                autoComplete="off"
                data-autofocus
                value={query}
                onChange={(event) => setQuery(event.currentTarget.value)}
              />
              {query.trim() !== '' && (
                <Stack gap={4} role="listbox" aria-label="Clientes encontrados">
                  {matches.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      No hay clientes con ese nombre, documento o teléfono en este dispositivo
                    </Text>
                  ) : (
                    matches.map((row) => (
                      <UnstyledButton
                        key={row.uuid}
                        role="option"
                        aria-selected={false}
                        onClick={() => {
                          setQuery('');
                          setPicked(row.uuid);
                        }}
                        style={{ minHeight: 44, padding: '6px 10px', borderRadius: 6, border: '1px solid var(--mantine-color-default-border)' }}
                      >
                        <Text fw={500}>{row.name}</Text>
                        <Text size="xs" c="dimmed">
                          Saldo: {formatCents(toCents(row.balance))}
                          {row.accountEnabled ? '' : ' · sin cuenta corriente habilitada'}
                        </Text>
                      </UnstyledButton>
                    ))
                  )}
                </Stack>
              )}
            </Stack>
          )}
          <TextInput size="lg" label="Importe" inputMode="decimal" autoComplete="off" value={text} error={parsed.ok ? null : parsed.message} onChange={(e) => setText(e.currentTarget.value)} />
          <SegmentedControl
            size="md"
            aria-label="Medio de pago"
            value={method}
            onChange={(value) => setMethod(value as AccountPaymentMethod)}
            data={ACCOUNT_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_LABELS[m] }))}
          />
          <TextInput size="md" label="Nota" autoComplete="off" maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          {error && (
            <Alert color="error" role="alert">
              {error}
            </Alert>
          )}
          <Group grow>
            <Button variant="default" size="lg" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" size="lg" loading={busy}>
              Registrar cobro
            </Button>
          </Group>
        </Stack>
      )}
    </StaffModal>
  );
}
