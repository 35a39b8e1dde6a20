/** The open session at a glance (the X report's figures): fund, sales by method, ins, outs, drawer openings, expected cash. */
import { Paper, Table, Text } from '@mantine/core';
import { formatCents } from '../../../domain/money';
import { deviceExpectedCents } from '../../offline/cash';
import type { LocalCashSession } from '../../offline/cash-types';
import { PAYMENT_LABELS } from '../../offline-ui/format';
import { formatDateTime } from '../../ui/dates';

export function CashSummary({ session }: { session: LocalCashSession }) {
  const total = (kind: 'in' | 'out') => session.movements.filter((m) => m.kind === kind).reduce((sum, m) => sum + m.amountCents, 0);
  const rows: [string, number][] = [
    ['Fondo inicial', session.floatCents],
    ...(['efectivo', 'tarjeta', 'transferencia'] as const).map((m): [string, number] => [`Ventas ${PAYMENT_LABELS[m]} (${session.sales[m].count})`, session.sales[m].totalCents]),
    ...(session.accountPayments?.count ? [[`Cobros a cuenta en efectivo (${session.accountPayments.count})`, session.accountPayments.totalCents] as [string, number]] : []),
    ['Ingresos', total('in')],
    ['Retiros', -total('out')],
  ];
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="sm" c="dimmed" mb="xs">
        Abierta el {formatDateTime(session.openedAt)} por {session.openedBy.name}
      </Text>
      <Table>
        <Table.Tbody>
          {rows.map(([label, cents]) => (
            <Table.Tr key={label}>
              <Table.Td>{label}</Table.Td>
              <Table.Td ta="right">{formatCents(cents)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>Aperturas de cajón</Table.Td>
            <Table.Td ta="right" data-testid="cash-drawer-opens">{session.drawerOpens ?? 0}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>Efectivo esperado en caja</Table.Td>
            <Table.Td ta="right" fw={700} data-testid="cash-expected-now">
              {formatCents(deviceExpectedCents(session))}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
