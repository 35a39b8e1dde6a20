/**
 * The last sale of this device under the cart: its number — provisional (`<device>-<seq>`) until the
 * server's official number arrives, then the official one — its sync state, and "Imprimir ticket".
 */
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { formatCents } from '../../../domain/money';
import type { OutboxEntry } from '../../offline/db';
import { saleReference } from '../../offline-ui/format';

const STATE = {
  pending: ['Pendiente de envío', 'warning'],
  syncing: ['Enviando...', 'info'],
  synced: ['Sincronizada', 'success'],
  rejected: ['Rechazada', 'error'],
} as const;

export function LastSale({ entry, onPrint }: { entry: OutboxEntry; onPrint: () => void }) {
  const [label, color] = STATE[entry.status];
  return (
    <Paper withBorder p="xs" data-testid="last-sale">
      {/* Stacked, never truncated: the number and the state must be readable in a 280 px cart column. */}
      <Group justify="space-between" gap={4}>
        <Text size="sm" c="dimmed">
          Última venta · {formatCents(entry.totalCents)}
        </Text>
        <Badge color={color} variant="light" size="sm">
          {label}
        </Badge>
      </Group>
      <Text fw={700} data-testid="last-sale-number" data-official={Boolean(entry.saleNumber)} style={{ overflowWrap: 'anywhere' }}>
        {saleReference(entry)}
        {!entry.saleNumber && (
          <Text span size="xs" c="dimmed" fw={400}>
            {' '}
            (provisorio)
          </Text>
        )}
      </Text>
      <Button mt={4} variant="light" size="md" fullWidth leftSection={<IconPrinter size={20} />} onClick={onPrint}>
        Imprimir ticket
      </Button>
    </Paper>
  );
}
