/**
 * Payment method of the checkout (docs/spec.md §5): efectivo (default), tarjeta, transferencia, and the online
 * provider "Mercado Pago" ("Mercado Pago simulado" against the simulator), disabled with the reason
 * while offline or when the server has no credentials. Big buttons for touch: two columns from 600 px,
 * one below, so "Transferencia" and "Mercado Pago" are never cut on a phone. "Cuenta corriente" (issue #33.4)
 * only for a picked customer with an account.
 */
import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuildingBank, IconCash, IconCreditCard, IconNotebook, IconWorldWww } from '@tabler/icons-react';
import type { PaymentMethod } from '../../../domain/constants';
import { PAYMENT_LABELS } from '../../offline-ui/format';
import type { MercadoPagoAvailability } from './useMercadoPagoAvailability';

const OPTIONS = [
  { value: 'efectivo', icon: IconCash },
  { value: 'tarjeta', icon: IconCreditCard },
  { value: 'transferencia', icon: IconBuildingBank },
  { value: 'mercadopago', icon: IconWorldWww },
  { value: 'cuenta_corriente', icon: IconNotebook },
] as const;

interface Props {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  mercadoPago: MercadoPagoAvailability;
  /** The picked customer has a cuenta corriente (issue #33.4): only then is "Cuenta corriente" offered. */
  account?: boolean;
}

export function PaymentMethodPicker({ value, onChange, mercadoPago, account = false }: Props) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="payment-method-label">
        Método de pago
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" role="radiogroup" aria-labelledby="payment-method-label">
        {OPTIONS.filter((o) => o.value !== 'cuenta_corriente' || account).map(({ value: method, icon: Icon }) => {
          const disabled = method === 'mercadopago' && Boolean(mercadoPago.disabledReason);
          return (
            <Button
              key={method}
              role="radio"
              aria-checked={value === method}
              variant={value === method ? 'filled' : 'default'}
              size="lg"
              leftSection={<Icon size={22} />}
              disabled={disabled}
              onClick={() => onChange(method)}
              styles={{ inner: { justifyContent: 'flex-start' } }}
            >
              {method === 'mercadopago' ? mercadoPago.label : PAYMENT_LABELS[method]}
            </Button>
          );
        })}
      </SimpleGrid>
      {mercadoPago.disabledReason && (
        <Text size="sm" c="dimmed" data-testid="mercadopago-reason">
          Mercado Pago: {mercadoPago.disabledReason}
        </Text>
      )}
    </Stack>
  );
}
