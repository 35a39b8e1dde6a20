/**
 * Cuentas corrientes (issue #33.4, admin): who owes what and since when — each account's balance by age
 * (0–30, 31–60, 61–90 and more than 90 days; payments settle the oldest charges first, domain/account.ts),
 * the totals, and the sales on account that went over the limit. Each name opens its statement. A failed
 * load shows the error with «Reintentar», never an empty list.
 */
import { Anchor, Badge, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { AGING_BUCKETS, AGING_LABELS } from '../../../domain/account';
import { formatMoney } from '../../../domain/money';
import { fetchAging } from '../../api/accounts';
import { unwrap } from '../../api/unwrap';
import { formatDateTime } from '../../ui/dates';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { EmptyState } from '../../ui/EmptyState';
import { LoadFailed } from '../../ui/LoadFailed';
import { StaffPage } from '../../ui/StaffPage';
import { accountKeys } from './queries';

export default function AccountsAgingPage() {
  const aging = useQuery({ queryKey: accountKeys.aging, queryFn: () => unwrap(fetchAging()) });
  const data = aging.data;
  return (
    <StaffPage title="Cuentas corrientes">
      {aging.isError ? (
        <LoadFailed message={aging.error.message} onRetry={() => void aging.refetch()} retrying={aging.isFetching} />
      ) : !data ? (
        <CenteredLoader label="Cargando cuentas corrientes" />
      ) : data.customers.length === 0 ? (
        <EmptyState message="Ningún cliente tiene cuenta corriente con movimientos" />
      ) : (
        <>
          <Text c="dimmed">Saldos al {formatDateTime(data.asOf)}. Los cobros cancelan primero lo más antiguo.</Text>
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="sm" aria-label="Antigüedad de saldos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cliente</Table.Th>
                  <Table.Th ta="right">Saldo</Table.Th>
                  {AGING_BUCKETS.map((bucket) => (
                    <Table.Th key={bucket} ta="right">
                      {AGING_LABELS[bucket]}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">Límite</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.customers.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/customers/${row.id}/statement`} c="inherit" fw={600} td="underline">
                        {row.name}
                      </Anchor>
                      {row.overLimit && (
                        <Badge ml="xs" color="error" variant="light">
                          Sobre el límite
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatMoney(row.balance)}
                    </Table.Td>
                    {AGING_BUCKETS.map((bucket) => (
                      <Table.Td key={bucket} ta="right">
                        {row.aging[bucket] ? formatMoney(row.aging[bucket]) : '—'}
                      </Table.Td>
                    ))}
                    <Table.Td ta="right">{row.creditLimit === null ? 'Sin límite' : formatMoney(row.creditLimit)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>Total</Table.Th>
                  <Table.Th ta="right" data-testid="aging-total">
                    {formatMoney(data.totals.total - data.totals.credit)}
                  </Table.Th>
                  {AGING_BUCKETS.map((bucket) => (
                    <Table.Th key={bucket} ta="right">
                      {formatMoney(data.totals[bucket])}
                    </Table.Th>
                  ))}
                  <Table.Th />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          {data.overLimitSales.length > 0 && (
            <>
              <Title order={3}>Ventas que superaron el límite</Title>
              <Table.ScrollContainer minWidth={500}>
                <Table verticalSpacing="xs" aria-label="Ventas sobre el límite">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Fecha</Table.Th>
                      <Table.Th>Cliente</Table.Th>
                      <Table.Th ta="right">Importe</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.overLimitSales.map((sale, i) => (
                      <Table.Tr key={`${sale.saleId ?? 'x'}-${i}`}>
                        <Table.Td>{formatDateTime(sale.occurredAt)}</Table.Td>
                        <Table.Td>{sale.customerName}</Table.Td>
                        <Table.Td ta="right">{formatMoney(sale.amount)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
        </>
      )}
    </StaffPage>
  );
}
