/**
 * "Devolución" (admin): the lines of the sale with how many units can still be returned (sold minus already
 * returned), a −/+ stepper per line, an optional reason, the exact refund (domain returnAmounts, the
 * server's rule) and a confirmation before it is recorded. One request id per opening: a repeated
 * submission answers the same return. Errors stay in the dialog; success closes it.
 */
import { ActionIcon, Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconMinus, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { formatMoney, fromCents, toCents } from '../../../domain/money';
import { returnAmounts } from '../../../domain/sale-returns';
import { createSaleReturn, type SaleReturn } from '../../api/returns';
import type { ApiResult } from '../../api/client';
import type { Sale } from '../../api/sales';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Money } from '../../ui/Money';
import { StaffModal } from '../../ui/StaffModal';

export interface ReturnDialogProps {
  sale: Sale;
  opened: boolean;
  /** Invoiced sales get a credit note: the confirmation says so. */
  invoiced: boolean;
  onClose: () => void;
  onRecorded: (result: Extract<ApiResult<SaleReturn>, { success: true }>) => void;
}

const left = (item: Sale['items'][number]) => item.quantity - item.returnedQuantity;

function refundOf(sale: Sale, quantities: Record<number, number>): number {
  const wanted = new Map(Object.entries(quantities).filter(([, q]) => q > 0).map(([id, q]) => [Number(id), q]));
  if (wanted.size === 0) return 0;
  const lines = sale.items.map((i) => ({
    id: i.id,
    quantity: i.quantity,
    subtotalCents: toCents(i.subtotal),
    unitCostCents: 0,
    returnedQuantity: i.returnedQuantity,
    returnedCents: toCents(i.returnedAmount),
  }));
  const sold = { subtotalCents: toCents(sale.subtotal), totalCents: toCents(sale.total) };
  return fromCents(returnAmounts(sold, lines, wanted).totalCents);
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
  const step = (id: number, delta: number, max: number) => setQuantities((q) => ({ ...q, [id]: Math.min(max, Math.max(0, (q[id] ?? 0) + delta)) }));

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
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" aria-label="Productos a devolver">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Producto</Table.Th>
                <Table.Th ta="right">Vendidas</Table.Th>
                <Table.Th ta="center">A devolver</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sale.items.map((item) => {
                const max = left(item);
                const q = quantities[item.id] ?? 0;
                return (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      {item.productName}
                      {item.returnedQuantity > 0 && (
                        <Text size="xs" c="dimmed">
                          Ya devueltas: {item.returnedQuantity}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{item.quantity}</Table.Td>
                    <Table.Td>
                      <Group gap={6} justify="center" wrap="nowrap">
                        <ActionIcon size={44} variant="default" aria-label={`Una menos de ${item.productName}`} disabled={q === 0} onClick={() => step(item.id, -1, max)}>
                          <IconMinus size={18} />
                        </ActionIcon>
                        <Text w={36} ta="center" fw={600} aria-label={`A devolver de ${item.productName}`} data-testid={`return-qty-${item.id}`}>
                          {q}
                        </Text>
                        <ActionIcon size={44} variant="default" aria-label={`Una más de ${item.productName}`} disabled={q >= max} onClick={() => step(item.id, 1, max)}>
                          <IconPlus size={18} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
