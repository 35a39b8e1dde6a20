import { ActionIcon, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { SaleListItem } from '../../api/sales';
import { SaleNumberText } from '../../ui/BreakableText';
import { DateTimeCell } from '../../ui/DateTimeCell';
import { Money } from '../../ui/Money';
import { PaymentStatusChip, SaleFlagChips } from '../../ui/SaleChips';
import { paymentMethodLabel } from '../../ui/sale-labels';

export interface SalesTableProps {
  sales: SaleListItem[];
  onView: (sale: SaleListItem) => void;
  onReprint: (sale: SaleListItem) => void;
  /** The sale whose ticket is being loaded for a reprint (its button spins). */
  reprintingId: number | null;
}

/**
 * N° Venta, Fecha, Cliente, Vendedor, Método de Pago, Total, Estado, and the row actions Ver and
 * Reimprimir (a printer button named "Reimprimir ticket de la venta …"). Long sale numbers wrap at their
 * separators and the two actions stack when space is short, so they stay on screen at 1024×768 and
 * 768×1024.
 */
export function SalesTable({ sales, onView, onReprint, reprintingId }: SalesTableProps) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing={6} aria-label="Ventas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>N° Venta</Table.Th>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Cliente</Table.Th>
            <Table.Th>Vendedor</Table.Th>
            <Table.Th>Método de Pago</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sales.map((sale) => (
            <Table.Tr key={sale.id}>
              <Table.Td>
                <Stack gap={4}>
                  <Text inherit fw={500} maw={170}>
                    <SaleNumberText saleNumber={sale.saleNumber} />
                  </Text>
                  <SaleFlagChips flags={sale.flags} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <DateTimeCell instant={sale.saleDate} />
              </Table.Td>
              <Table.Td>{sale.customerName || 'Cliente General'}</Table.Td>
              <Table.Td>{sale.user.fullName}</Table.Td>
              <Table.Td>{paymentMethodLabel(sale.paymentMethod)}</Table.Td>
              <Table.Td ta="right">
                <Money value={sale.total} fw={500} />
              </Table.Td>
              <Table.Td>
                <PaymentStatusChip status={sale.paymentStatus} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end">
                  <Button variant="light" size="md" px="md" onClick={() => onView(sale)} aria-label={`Ver venta ${sale.saleNumber}`}>
                    Ver
                  </Button>
                  <ActionIcon
                    variant="default"
                    size={44}
                    loading={reprintingId === sale.id}
                    onClick={() => onReprint(sale)}
                    aria-label={`Reimprimir ticket de la venta ${sale.saleNumber}`}
                    title="Reimprimir ticket"
                  >
                    <IconPrinter size={22} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
