/** One outbox sale in the sync panel: number (official or provisional), time, total, status details. */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatCents } from '../../domain/money';
import type { OutboxEntry } from '../offline/db';
import { formatDateTime } from '../ui/dates';
import { FLAG_LABELS, PAYMENT_LABELS, saleReference } from './format';

const STATUS_LABELS = { pending: 'Pendiente', syncing: 'Enviando', synced: 'Sincronizada', rejected: 'Rechazada' } as const;
const STATUS_COLORS = { pending: 'warning', syncing: 'info', synced: 'success', rejected: 'error' } as const;

export function SaleRow({ entry, onRetry }: { entry: OutboxEntry; onRetry?: () => void }) {
  return (
    <Paper withBorder p="sm" data-testid="outbox-sale" data-status={entry.status}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} data-testid="sale-number">
            {saleReference(entry)}
          </Text>
          <Badge color={STATUS_COLORS[entry.status]}>{STATUS_LABELS[entry.status]}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {formatDateTime(entry.capturedAt)} · {PAYMENT_LABELS[entry.paymentMethod]} · {formatCents(entry.totalCents)}
          {entry.saleNumber ? ` · provisorio ${entry.provisionalNumber}` : ''}
        </Text>
        {entry.flags.map((flag) => (
          <Badge key={flag} color="warning" variant="light">
            {FLAG_LABELS[flag] ?? flag}
          </Badge>
        ))}
        {entry.status !== 'synced' && entry.lastError && (
          <Text size="sm" c={entry.status === 'rejected' ? 'error' : 'dimmed'}>
            {entry.status === 'rejected' ? 'Motivo: ' : 'Último intento: '}
            {entry.lastError}
            {entry.attempts > 0 ? ` (intentos: ${entry.attempts})` : ''}
          </Text>
        )}
        {onRetry && (
          <Button size="md" variant="light" onClick={onRetry} style={{ alignSelf: 'flex-start' }}>
            Reintentar
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
