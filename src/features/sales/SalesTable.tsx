import { Button, Stack, Table, Text } from '@mantine/core';
import type { SaleListItem } from '../../api/sales';
import { DateTimeCell } from '../../ui/DateTimeCell';
import { Money } from '../../ui/Money';
import { PaymentStatusChip, SaleFlagChips } from '../../ui/SaleChips';
import { paymentMethodLabel } from '../../ui/sale-labels';

/** N° Venta, Fecha, Cliente, Vendedor, Método de Pago, Total, Estado, Ver. */
export function SalesTable({ sales, onView }: { sales: SaleListItem[]; onView: (sale: SaleListItem) => void }) {
  return (
    <Table.ScrollContainer minWidth={720}>
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
                  <Text inherit fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {sale.saleNumber}
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
                <Button variant="light" size="md" px="md" onClick={() => onView(sale)} aria-label={`Ver venta ${sale.saleNumber}`}>
                  Ver
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
