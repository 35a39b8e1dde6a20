/**
 * "Devolución" (admin): the lines of the sale with how many units can still be returned (sold minus already
 * returned), a −/+ stepper per line, an optional reason, the exact refund (domain returnAmounts, the
 * server's rule) and a confirmation before it is recorded. One request id per opening: a repeated
 * submission answers the same return. Errors stay in the dialog; success closes it.
 */
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { formatMoney } from '../../../domain/money';
import { createSaleReturn, type SaleReturn } from '../../api/returns';
import type { ApiResult } from '../../api/client';
import type { Sale } from '../../api/sales';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Money } from '../../ui/Money';
import { StaffModal } from '../../ui/StaffModal';
import { refundOf, ReturnLines, stepQuantity } from './ReturnLines';

export interface ReturnDialogProps {
  sale: Sale;
  opened: boolean;
  /** Invoiced sales get a credit note: the confirmation says so. */
  invoiced: boolean;
  onClose: () => void;
  onRecorded: (result: Extract<ApiResult<SaleReturn>, { success: true }>) => void;
}

export function ReturnDialog({ sale, opened, invoiced, onClose, onRecorded }: ReturnDialogProps) {
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const units = Object.values(quantities).reduce((a, q) => a + q, 0);
  const refund = useMemo(() => refundOf(sale, quantities), [sale, quantities]);

  const reset = () => {
    setQuantities({});
    setReason('');
    setError(null);
    setRequestId(crypto.randomUUID());
  };
  const close = () => {
    reset();
    onClose();
  };
  const step = (id: number, delta: number, max: number) => setQuantities((q) => stepQuantity(q, id, delta, max));

  const submit = async () => {
    setBusy(true);
    const items = Object.entries(quantities)
      .filter(([, q]) => q > 0)
      .map(([saleItemId, quantity]) => ({ saleItemId: Number(saleItemId), quantity }));
    const result = await createSaleReturn(sale.id, { requestId, reason: reason.trim() || null, items });
    setBusy(false);
    setConfirming(false);
    if (!result.success) {
      setError(result.message);
      return;
    }
    reset();
    onRecorded(result);
  };

  const question =
    `¿Confirmás la devolución de ${units} ${units === 1 ? 'unidad' : 'unidades'} por ${formatMoney(refund)}? El stock se devolverá` +
    (invoiced ? ' y se emitirá una nota de crédito.' : '.');

  return (
    <StaffModal opened={opened} onClose={close} title={`Devolución - ${sale.saleNumber}`} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Elegí cuántas unidades de cada producto devuelve el cliente.
        </Text>
        <ErrorAlert message={error} />
        <ReturnLines sale={sale} quantities={quantities} onStep={step} />
        <TextInput size="md" label="Motivo (opcional)" maxLength={200} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <Group justify="space-between">
          <Text fw={600}>Importe a devolver</Text>
          <Money value={refund} fw={700} size="lg" data-testid="return-refund" />
        </Group>
        {invoiced && (
          <Alert color="info" variant="light" icon={<IconInfoCircle />}>
            La venta está facturada: se emitirá una nota de crédito por estos productos.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={close}>
            Volver
          </Button>
          <Button size="md" disabled={units === 0} loading={busy} onClick={() => setConfirming(true)}>
            Registrar devolución
          </Button>
        </Group>
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
