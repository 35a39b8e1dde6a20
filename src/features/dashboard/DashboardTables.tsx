import { Paper, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Product } from '../../api/products';
import type { SalesSummary } from '../../api/sales';
import { Money } from '../../ui/Money';
import { paymentMethodLabel } from '../../ui/sale-labels';

function TableCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table striped verticalSpacing="sm" aria-label={title}>
          {children}
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

export function PaymentMethodsTable({ rows }: { rows: SalesSummary['salesByPaymentMethod'] }) {
  return (
    <TableCard title="Ventas por Método de Pago">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Método</Table.Th>
          <Table.Th ta="right">Cantidad</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.paymentMethod}>
            <Table.Td>{paymentMethodLabel(row.paymentMethod)}</Table.Td>
            <Table.Td ta="right">{row.count}</Table.Td>
            <Table.Td ta="right">
              <Money value={row.total} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableCard>
  );
}

export function TopProductsTable({ rows }: { rows: SalesSummary['topProducts'] }) {
  return (
    <TableCard title="Productos Más Vendidos">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Producto</Table.Th>
          <Table.Th ta="right">Cantidad Vendida</Table.Th>
          <Table.Th ta="right">Total Vendido</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.slice(0, 10).map((row) => (
          <Table.Tr key={row.productId}>
            <Table.Td>{row.productName}</Table.Td>
            <Table.Td ta="right">{row.totalQuantity}</Table.Td>
            <Table.Td ta="right">
              <Money value={row.totalRevenue} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableCard>
  );
}

/** Rows in the error colour at 0 (or below), in the warning colour otherwise (docs/spec.md §2). */
export function LowStockTable({ products }: { products: Product[] }) {
  return (
    <TableCard title="Productos con Stock Bajo">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Producto</Table.Th>
          <Table.Th ta="right">Stock Actual</Table.Th>
          <Table.Th ta="right">Stock Mínimo</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {products.map((p) => {
          const tone = p.stock <= 0 ? 'error' : 'warning';
          return (
            <Table.Tr key={p.id} data-stock={tone} bg={`var(--mantine-color-${tone}-light)`} c={`var(--mantine-color-${tone}-light-color)`}>
              <Table.Td>{p.name}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {p.stock}
              </Table.Td>
              <Table.Td ta="right">{p.minStock}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </TableCard>
  );
}
