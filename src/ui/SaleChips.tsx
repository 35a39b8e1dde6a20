import { Badge, Group } from '@mantine/core';
import type { PaymentStatus, SaleFlag } from '../../domain/constants';
import { labelOf, PAYMENT_STATUS_LABELS } from '../../domain/labels';
import { PAYMENT_STATUS_COLORS, SALE_FLAG_LABELS } from './sale-labels';

/** Estado chip, capitalised like the message chips: Pagado success, Pendiente warning, Cancelado error. */
export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  return (
    <Badge color={PAYMENT_STATUS_COLORS[status] ?? 'gray'} variant="light" tt="none" size="lg">
      {labelOf(PAYMENT_STATUS_LABELS, status)}
    </Badge>
  );
}

/** Observations of an offline-synced sale ("Sobreventa", "Precio distinto"). */
export function SaleFlagChips({ flags }: { flags: SaleFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <Group gap={4}>
      {flags.map((flag) => (
        <Badge key={flag} color="warning" variant="outline" tt="none" size="md">
          {SALE_FLAG_LABELS[flag]}
        </Badge>
      ))}
    </Group>
  );
}
