/**
 * «Devolución» at the counter (issue #35 item 6): a seller (or an admin) finds the sale by the number typed
 * or scanned from the ticket, or among this device's recent sales; picks lines and units (never more than is
 * left, ReturnLines); sees the exact refund and how it goes back (the sale's payment method); confirms; and
 * prints the «Comprobante de devolución» (browser dialog, or the device's own printer — network, USB or serial —
 * falling back to the dialog with the reason). The return goes through the same server route as the back office's
 * (stock back, credit note when invoiced); the server judges the owner's rules for sellers and its refusal is
 * shown as it comes. A cash sale's refund leaves this counter's open cash session as a cash out (refund-drawer.ts). One request id per return: a repeated submission answers the same return.
 * Returns need the server: without a connection nothing can be sent and the dialog says so.
 */
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { MSG } from '../../../../domain/messages';
import { formatCents, formatMoney, toCents } from '../../../../domain/money';
import { RETURN_RULES_MSG, returnRulesOf, type ReturnRules } from '../../../../domain/sale-returns-rules';
import { createSaleReturn, fetchReturnRules, type SaleReturn } from '../../../api/returns';
import type { Sale } from '../../../api/sales';
import type { OutboxEntry } from '../../../offline/db';
import { saleReference } from '../../../offline-ui/format';
import { useAuth } from '../../../session/auth-context';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { formatDateTime } from '../../../ui/dates';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { Money } from '../../../ui/Money';
import { StaffModal } from '../../../ui/StaffModal';
import { refundOf, ReturnLines, stepQuantity } from '../../returns/ReturnLines';
import { warn } from '../notify';
import { printsItself, sendToPrinter, usePrinter } from '../printing/counter-print';
import { COUNTER_RETURN_MSG } from './counter-return-messages';
import { findSale, recentDeviceSales } from './find-sale';
import { printReturnSlip, ReturnSlip } from './ReturnSlip';
import { refundFromDrawer } from './refund-drawer';
import { refundLabel, slipInput, type SlipBusiness } from './slip-input';

interface Props {
  opened: boolean;
  onClose: () => void;
  online: boolean;
  isAdmin: boolean;
  business: SlipBusiness;
}

const unitsOf = (quantities: Record<number, number>) => Object.values(quantities).reduce((a, q) => a + q, 0);

export function CounterReturnDialog({ opened, onClose, online, isAdmin, business }: Props) {
  const printer = usePrinter();
  const { user } = useAuth();
  const [rules, setRules] = useState<ReturnRules | null>(null);
  const [recent, setRecent] = useState<OutboxEntry[]>([]);
  const [reference, setReference] = useState('');
  const [finding, setFinding] = useState(false);
  const [sale, setSale] = useState<Sale | null>(null);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ ret: SaleReturn; sale: Sale; message: string } | null>(null);

  useEffect(() => {
    if (!opened) return;
    void recentDeviceSales().then(setRecent);
    if (!online) return;
    void fetchReturnRules().then((result) => setRules(returnRulesOf(result.success ? result.data : [])));
  }, [opened, online]);

  const units = unitsOf(quantities);
  const refund = useMemo(() => (sale ? refundOf(sale, quantities) : 0), [sale, quantities]);
  const blocked = !isAdmin && rules !== null && !rules.sellersAllowed;

  const startOver = () => {
    setReference('');
    setSale(null);
    setQuantities({});
    setReason('');
    setError(null);
    setDone(null);
    setRequestId(crypto.randomUUID());
  };

  const pick = async (wanted: string) => {
    setFinding(true);
    setError(null);
    const found = await findSale(wanted);
    setFinding(false);
    if ('error' in found) return setError(found.error);
    setQuantities({});
    setSale(found.sale);
  };

  const print = async (ret: SaleReturn, of: Sale) => {
    if (!printsItself(printer)) return printReturnSlip();
    const { returnSlipBytes } = await import('./return-slip-bytes');
    const failure = await sendToPrinter(() => returnSlipBytes(slipInput(ret, of, business), printer));
    if (!failure) return;
    warn(failure.dialog);
    printReturnSlip();
  };

  const submit = async () => {
    if (!sale) return;
    setBusy(true);
    const items = Object.entries(quantities)
      .filter(([, q]) => q > 0)
      .map(([saleItemId, quantity]) => ({ saleItemId: Number(saleItemId), quantity }));
    const result = await createSaleReturn(sale.id, { requestId, reason: reason.trim() || null, items });
    setBusy(false);
    setConfirming(false);
    if (!result.success) return setError(result.message);
    setError(null);
    const recorded = result.message || MSG.saleReturnRecorded;
    const drawer = user ? await refundFromDrawer(result.data, sale, { id: user.id, name: user.fullName }) : null;
    setDone({ ret: result.data, sale, message: drawer ? `${recorded} ${drawer}` : recorded });
    // A printer of the device's own (network, USB, serial) prints the slip at once; the dialog's print waits for «Imprimir comprobante».
    if (printsItself(printer)) void print(result.data, sale);
  };

  const left = sale ? sale.items.reduce((a, item) => a + item.quantity - item.returnedQuantity, 0) : 0;
  const question =
    `¿Confirmás la devolución de ${units} ${units === 1 ? 'unidad' : 'unidades'} por ${formatMoney(refund)} (${sale ? refundLabel(sale.paymentMethod) : ''})? ` +
    'El stock se devolverá y, si la venta está facturada, se emitirá la nota de crédito.';

  const body = () => {
    if (done) {
      return (
        <Stack gap="md" data-testid="counter-return-done">
          <Alert color="success" role="status">
            {done.message}
          </Alert>
          <Text fw={600} data-testid="counter-return-summary">
            Devolución N° {done.ret.id} de la venta {done.sale.saleNumber}: {formatCents(toCents(done.ret.total))} ({refundLabel(done.sale.paymentMethod)})
          </Text>
          <Group grow>
            <Button size="lg" onClick={() => void print(done.ret, done.sale)}>
              Imprimir comprobante
            </Button>
            <Button size="lg" variant="default" onClick={startOver}>
              Otra devolución
            </Button>
          </Group>
          <Button size="md" variant="subtle" onClick={onClose}>
            Listo
          </Button>
          <ReturnSlip input={slipInput(done.ret, done.sale, business)} />
        </Stack>
      );
    }
    if (blocked) return <Alert color="warning">{RETURN_RULES_MSG.sellersNotAllowed}</Alert>;
    if (!sale) {
      return (
        <Stack gap="md">
          <Stack
            component="form"
            gap="xs"
            onSubmit={(event) => {
              event.preventDefault();
              void pick(reference);
            }}
          >
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                size="md"
                style={{ flex: 1 }}
                label="Número de venta"
                placeholder="Escaneá o escribí el número del ticket"
                leftSection={<IconSearch size={18} />}
                autoComplete="off"
                data-autofocus
                value={reference}
                onChange={(event) => setReference(event.currentTarget.value)}
              />
              <Button type="submit" size="md" loading={finding} disabled={!online}>
                Buscar
              </Button>
            </Group>
          </Stack>
          <ErrorAlert message={error} />
          {!isAdmin && rules && (
            <Text size="sm" c="dimmed" data-testid="counter-return-rules">
              {RETURN_RULES_MSG.summary(rules)}
            </Text>
          )}
          {recent.length > 0 && (
            <Stack gap={6}>
              <Text fw={600} size="sm">
                Ventas recientes de este mostrador
              </Text>
              {recent.map((entry) => (
                <UnstyledButton
                  key={entry.clientSaleId}
                  aria-label={`Elegir venta ${saleReference(entry)}`}
                  disabled={!online || finding}
                  onClick={() => void pick(entry.saleNumber ?? entry.provisionalNumber)}
                  style={{ minHeight: 44, padding: '6px 10px', borderRadius: 6, border: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {saleReference(entry)}
                    </Text>
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(entry.capturedAt)} · {formatCents(entry.totalCents)}
                    </Text>
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </Stack>
      );
    }
    return (
      <Stack gap="md">
        <Paper withBorder p="sm" data-testid="counter-return-sale">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={700}>Venta {sale.saleNumber}</Text>
              <Text size="sm" c="dimmed">
                {formatDateTime(sale.saleDate)} · {sale.user.fullName} · Total {formatMoney(sale.total)}
              </Text>
            </div>
            <Button variant="default" size="md" onClick={startOver}>
              Cambiar venta
            </Button>
          </Group>
        </Paper>
        <ErrorAlert message={error} />
        {sale.paymentStatus === 'cancelado' ? (
          <Alert color="warning">{MSG.saleReturnCancelled}</Alert>
        ) : sale.paymentStatus !== 'pagado' ? (
          <Alert color="warning">{MSG.saleReturnNotPaid}</Alert>
        ) : left === 0 ? (
          <Alert color="warning">{COUNTER_RETURN_MSG.nothingLeft}</Alert>
        ) : (
          <>
            <ReturnLines sale={sale} quantities={quantities} onStep={(id, delta, max) => setQuantities((q) => stepQuantity(q, id, delta, max))} />
            <TextInput size="md" label="Motivo (opcional)" maxLength={200} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
            <Group justify="space-between">
              <div>
                <Text fw={600}>Importe a devolver</Text>
                <Text size="sm" c="dimmed">
                  Devuelto en: {refundLabel(sale.paymentMethod)}
                </Text>
              </div>
              <Money value={refund} fw={700} size="lg" data-testid="counter-return-refund" />
            </Group>
            {!isAdmin && rules && (
              <Text size="sm" c="dimmed">
                {RETURN_RULES_MSG.summary(rules)}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" size="md" onClick={onClose}>
                Cancelar
              </Button>
              <Button size="md" disabled={units === 0 || !online} loading={busy} onClick={() => setConfirming(true)}>
                Registrar devolución
              </Button>
            </Group>
          </>
        )}
      </Stack>
    );
  };

  return (
    <StaffModal opened={opened} onClose={onClose} title="Devolución en el mostrador" size="lg" onExitTransitionEnd={startOver}>
      <Stack gap="md">
        {!online && !done && (
          <Alert color="warning" role="status">
            {COUNTER_RETURN_MSG.offline}
          </Alert>
        )}
        {online && rules === null && !isAdmin && !done ? <Loader size="sm" aria-label="Cargando reglas de devolución" /> : body()}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        message={question}
        confirmLabel="Confirmar devolución"
        confirmColor="primary"
        cancelLabel="Volver"
        busy={busy}
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(false)}
      />
    </StaffModal>
  );
}
