/**
 * "Completar Venta" (spec §4/§5): customer name, document and email (optional), discount (non-numeric
 * counts as 0), payment method, notes; total = subtotal − discount. Confirming writes the sale and its
 * outbox entry in one transaction (offline/outbox.ts recordSale) — the same path online or offline.
 * Mercado Pago is disabled offline; online it explains that its redirect checkout comes with the
 * payments feature and never creates a sale through the outbox.
 */
import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { PaymentMethod } from '../../../domain/constants';
import { formatCents, toCents } from '../../../domain/money';
import { discountProblem } from '../../../domain/sale-totals';
import type { OutboxEntry } from '../../offline/db';
import { OFFLINE_MSG } from '../../offline/messages';
import { recordSale } from '../../offline/outbox';
import { StaffModal } from '../../ui/StaffModal';
import { PaymentMethodPicker } from './PaymentMethodPicker';

/** Spec §5: the discount is a number, 0 when not numeric. */
export function parseDiscountCents(text: string): number {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() && Number.isFinite(n) ? toCents(n) : 0;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  subtotalCents: number;
  online: boolean;
  seller: { id: number; fullName: string };
  onConfirmStart: () => void;
  onConfirmed: (entry: OutboxEntry) => void;
}

const EMPTY = { customerName: '', customerDocument: '', customerEmail: '', discount: '', notes: '' };

export function CheckoutDialog({ opened, onClose, subtotalCents, online, seller, onConfirmStart, onConfirmed }: Props) {
  const [form, setForm] = useState(EMPTY);
  const [method, setMethod] = useState<PaymentMethod>('efectivo');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const discountCents = parseDiscountCents(form.discount);
  const problem = discountProblem(subtotalCents, discountCents);
  const field = (key: keyof typeof EMPTY) => ({
    value: form[key],
    onChange: (event: { currentTarget: { value: string } }) => setForm({ ...form, [key]: event.currentTarget.value }),
  });

  const confirm = async () => {
    if (method === 'mercadopago' || problem) return;
    onConfirmStart();
    setBusy(true);
    setError('');
    try {
      const entry = await recordSale({ sellerId: seller.id, sellerName: seller.fullName, discountCents, paymentMethod: method, ...form });
      setForm(EMPTY);
      setMethod('efectivo');
      onConfirmed(entry);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <StaffModal opened={opened} onClose={onClose} title="Completar Venta" size="lg">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput size="md" label="Nombre del cliente" autoComplete="off" withAsterisk={method === 'mercadopago'} {...field('customerName')} />
          <TextInput size="md" label="Documento (DNI/CUIT)" inputMode="numeric" autoComplete="off" {...field('customerDocument')} />
        </Group>
        <Group grow align="flex-start">
          <TextInput size="md" label="Email" type="email" autoComplete="off" withAsterisk={method === 'mercadopago'} {...field('customerEmail')} />
          <TextInput size="md" label="Descuento" inputMode="decimal" placeholder="0" leftSection="$" {...field('discount')} error={problem} />
        </Group>
        <PaymentMethodPicker value={method} onChange={setMethod} online={online} />
        {method === 'mercadopago' && (
          <Alert color="info" title="Mercado Pago">
            {online ? OFFLINE_MSG.mercadoPagoLater : OFFLINE_MSG.mercadoPagoOffline}
          </Alert>
        )}
        <Textarea size="md" label="Notas" autosize minRows={1} maxRows={3} {...field('notes')} />
        <Stack gap={2} p="sm" bg="var(--app-background)" style={{ borderRadius: 8 }}>
          <Group justify="space-between">
            <Text>Subtotal</Text>
            <Text>{formatCents(subtotalCents)}</Text>
          </Group>
          <Group justify="space-between">
            <Text>Descuento</Text>
            <Text>− {formatCents(discountCents)}</Text>
          </Group>
          <Group justify="space-between">
            <Text size="xl" fw={700}>
              Total
            </Text>
            <Text size="xl" fw={700} data-testid="checkout-total">
              {formatCents(subtotalCents - discountCents)}
            </Text>
          </Group>
        </Stack>
        {error && (
          <Alert color="error" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" size="lg" onClick={onClose}>
            Cancelar
          </Button>
          <Button size="lg" onClick={() => void confirm()} loading={busy} disabled={method === 'mercadopago' || Boolean(problem)}>
            Confirmar Venta
          </Button>
        </Group>
      </Stack>
    </StaffModal>
  );
}
