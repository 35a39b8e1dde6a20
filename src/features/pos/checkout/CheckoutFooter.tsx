import { Alert, Button, Group, Kbd, Loader, Stack, Text } from '@mantine/core';
import { MSG } from '../../../../domain/messages';
import { formatCents } from '../../../../domain/money';
import classes from './checkout.module.css';

interface Props {
  subtotalCents: number;
  discountCents: number;
  discountPercent: number | undefined;
  shortages: readonly { name: string; quantity: number; stock: number }[];
  warning: string;
  error: string;
  redirecting: boolean;
  busy: boolean;
  confirmDisabled: boolean;
  onCancel: () => void;
}

/**
 * The checkout's foot (issue #35.6): the stock warning, the messages, Subtotal/Descuento/Total and
 * «Cancelar» / «Confirmar Venta». It sticks to the dialog's bottom edge, so on the counter tablet (1024×768
 * and 768×1024) the total and the confirm button are always in view, however long the form above (Factura
 * open, a customer, notes) gets; the form scrolls under it.
 */
export function CheckoutFooter({ subtotalCents, discountCents, discountPercent, shortages, warning, error, redirecting, busy, confirmDisabled, onCancel }: Props) {
  return (
    <Stack gap={6} className={classes.footer} data-testid="checkout-footer">
      {shortages.length > 0 && (
        <Alert color="warning" role="alert" p="xs" title="Stock agotado en el último dato recibido" data-testid="stock-warning">
          <Text size="sm" lineClamp={2}>
            {shortages.map((line) => `${line.name}: se venden ${line.quantity}, quedan ${line.stock}`).join(' · ')}. La venta se registra igual.
          </Text>
        </Alert>
      )}
      {warning && (
        <Alert color="warning" role="alert" p="xs">
          {warning}
        </Alert>
      )}
      {error && (
        <Alert color="error" role="alert" p="xs">
          {error}
        </Alert>
      )}
      {redirecting && (
        <Alert color="info" role="status" p="xs" icon={<Loader size="sm" />}>
          {MSG.paymentRedirecting}
        </Alert>
      )}
      <Group justify="space-between" align="flex-end" gap="xs" wrap="nowrap">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            Subtotal {formatCents(subtotalCents)}
            {discountCents > 0 && ` · Descuento${discountPercent !== undefined ? ` (${String(discountPercent).replace('.', ',')} %)` : ''} − ${formatCents(discountCents)}`}
          </Text>
          <Group gap="xs" align="baseline" wrap="nowrap">
            <Text size="xl" fw={700}>
              Total
            </Text>
            <Text fz={28} fw={700} lh={1.1} data-testid="checkout-total">
              {formatCents(subtotalCents - discountCents)}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" size="lg" onClick={onCancel} rightSection={<Kbd>Esc</Kbd>}>
            Cancelar
          </Button>
          <Button size="lg" type="submit" loading={busy || redirecting} disabled={confirmDisabled}>
            Confirmar Venta <Kbd ml="xs">Enter</Kbd>
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
