/** The last sale when it was paid with Mercado Pago QR / Point: the server's number, the total and «Imprimir ticket». */
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { formatMoney } from '../../../../domain/money';
import type { SaleJson } from '../../../../domain/schemas/sales';

export function PaidSale({ sale, onPrint }: { sale: SaleJson; onPrint: () => void }) {
  return (
    <Paper withBorder p="xs" data-testid="paid-sale">
      <Group justify="space-between" gap={4}>
        <Text size="sm" c="dimmed">
          Última venta · {formatMoney(sale.total)}
        </Text>
        <Badge color="success" variant="light" size="sm">
          Pagada con Mercado Pago
        </Badge>
      </Group>
      <Text fw={700} data-testid="paid-sale-number" style={{ overflowWrap: 'anywhere' }}>
        {sale.saleNumber}
      </Text>
      <Button mt={4} variant="light" size="md" fullWidth leftSection={<IconPrinter size={20} />} onClick={onPrint}>
        Imprimir ticket
      </Button>
    </Paper>
  );
}
