/**
 * The last sale of this device under the cart: its number — provisional (`<device>-<seq>`) until the
 * server's official number arrives, then the official one — its sync state, and "Imprimir ticket".
 */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
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
    <Paper withBorder p="xs" bg="var(--app-background)" data-testid="last-sale">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            Última venta · {formatCents(entry.totalCents)}
          </Text>
          <Text fw={700} data-testid="last-sale-number" data-official={Boolean(entry.saleNumber)} truncate>
            {saleReference(entry)}
            {!entry.saleNumber && (
              <Text span size="xs" c="dimmed" fw={400}>
                {' '}
                (provisorio)
              </Text>
            )}
          </Text>
          <Badge color={color} variant="light" size="sm">
            {label}
          </Badge>
        </Stack>
        <Button variant="light" size="lg" leftSection={<IconPrinter size={20} />} onClick={onPrint}>
          Imprimir ticket
        </Button>
      </Group>
    </Paper>
  );
}
