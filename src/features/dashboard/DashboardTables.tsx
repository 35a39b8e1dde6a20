import { Paper, Table, Title } from '@mantine/core';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import type { Product } from '../../api/products';
import type { SalesSummary } from '../../api/sales';
import { Money } from '../../ui/Money';
import { paymentMethodLabel } from '../../ui/sale-labels';
import classes from './dashboard.module.css';

/** Low-stock rows rendered at first, and added per step after it (issue #17: 1,500 rows at once were a 1 s task). */
const FIRST_ROWS = 25;
const MORE_ROWS = 50;

/** How many of `total` rows to render: FIRST_ROWS, then MORE_ROWS more per task (as a transition) until all are. */
function useGrowingCount(total: number): number {
  const [shown, setShown] = useState(FIRST_ROWS);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown((n) => n + MORE_ROWS)));
    return () => clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}

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

/**
 * Rows in the error colour at 0 (or below), in the warning colour otherwise (docs/spec.md §2). Every
 * product is listed; a long list is rendered in steps of MORE_ROWS rows so the page never freezes.
 */
export function LowStockTable({ products }: { products: Product[] }) {
  const shown = useGrowingCount(products.length);
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
        {products.slice(0, shown).map((p) => {
          const tone = p.stock <= 0 ? 'error' : 'warning';
          return (
            <Table.Tr key={p.id} data-stock={tone} className={classes.stockRow}>
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
