/**
 * Payment method of the checkout (docs/spec.md §5): efectivo (default), tarjeta, transferencia, and the online
 * provider "Mercado Pago" ("Mercado Pago simulado" against the simulator), disabled with the reason
 * while offline or when the server has no credentials. Big buttons for touch: two columns from 600 px,
 * one below, so "Transferencia" and "Mercado Pago" are never cut on a phone. "Cuenta corriente" (issue #33.4)
 * only for a picked customer with an account. A radio group for the keyboard too (issue #38 item 3): one Tab
 * stop (the chosen method), the arrow keys, Home and End move to another enabled method and choose it.
 * "Mercado Pago QR" and "Mercado Pago Point" (issue #34) charge at the counter through the server
 * (mercadopago/MercadoPagoCharge.tsx); disabled with the same reason.
 */
import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { IconBuildingBank, IconCash, IconCreditCard, IconCreditCardPay, IconNotebook, IconQrcode, IconWorldWww } from '@tabler/icons-react';
import type { PaymentMethod } from '../../../domain/constants';
import { MP_COUNTER_MSG } from '../../../domain/messages-payments';
import { PAYMENT_LABELS } from '../../offline-ui/format';
import type { MercadoPagoAvailability } from './useMercadoPagoAvailability';

const OPTIONS = [
  { value: 'efectivo', icon: IconCash },
  { value: 'tarjeta', icon: IconCreditCard },
  { value: 'transferencia', icon: IconBuildingBank },
  { value: 'mp_qr', icon: IconQrcode },
  { value: 'mp_point', icon: IconCreditCardPay },
  { value: 'mercadopago', icon: IconWorldWww },
  { value: 'cuenta_corriente', icon: IconNotebook },
] as const;

/** What the checkout may choose: a sale's payment method, or a charge at the counter with Mercado Pago QR / Point. */
export type CheckoutMethod = PaymentMethod | 'mp_qr' | 'mp_point';

/** The methods that need the server and Mercado Pago (disabled offline or when it is not configured). */
export const needsMercadoPago = (method: CheckoutMethod) => method === 'mercadopago' || method === 'mp_qr' || method === 'mp_point';

const label = (method: CheckoutMethod, mercadoPago: MercadoPagoAvailability) =>
  method === 'mp_qr' ? MP_COUNTER_MSG.qrLabel : method === 'mp_point' ? MP_COUNTER_MSG.pointLabel : method === 'mercadopago' ? mercadoPago.label : PAYMENT_LABELS[method];

interface Props {
  value: CheckoutMethod;
  onChange: (method: CheckoutMethod) => void;
  mercadoPago: MercadoPagoAvailability;
  /** The picked customer has a cuenta corriente (issue #33.4): only then is "Cuenta corriente" offered. */
  account?: boolean;
}

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export function PaymentMethodPicker({ value, onChange, mercadoPago, account = false }: Props) {
  const shown = OPTIONS.filter((o) => o.value !== 'cuenta_corriente' || account).map((o) => ({ ...o, disabled: needsMercadoPago(o.value) && Boolean(mercadoPago.disabledReason) }));
  const enabled: CheckoutMethod[] = shown.filter((o) => !o.disabled).map((o) => o.value);
  const tabStop = enabled.includes(value) ? value : enabled[0];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = enabled.indexOf(value);
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? enabled.length - 1 : event.key in STEP ? (Math.max(at, 0) + STEP[event.key] + enabled.length) % enabled.length : -1;
    if (next < 0 || enabled.length === 0) return;
    event.preventDefault();
    onChange(enabled[next]);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-method="${enabled[next]}"]`)?.focus();
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="payment-method-label">
        Método de pago
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" role="radiogroup" aria-labelledby="payment-method-label" onKeyDown={onKeyDown}>
        {shown.map(({ value: method, icon: Icon, disabled }) => (
          <Button
            key={method}
            role="radio"
            aria-checked={value === method}
            data-method={method}
            tabIndex={method === tabStop ? 0 : -1}
            variant={value === method ? 'filled' : 'default'}
            size="lg"
            leftSection={<Icon size={22} />}
            disabled={disabled}
            onClick={() => onChange(method)}
            styles={{ inner: { justifyContent: 'flex-start' } }}
          >
            {label(method, mercadoPago)}
          </Button>
        ))}
      </SimpleGrid>
      {mercadoPago.disabledReason && (
        <Text size="sm" c="dimmed" data-testid="mercadopago-reason">
          Mercado Pago: {mercadoPago.disabledReason}
        </Text>
      )}
    </Stack>
  );
}
