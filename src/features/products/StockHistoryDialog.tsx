/** "Historial de stock" of one product: every ledger movement, newest first, with the running balance. */
import { Badge, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Product } from '../../api/products';
import { fetchStockHistory } from '../../api/stock';
import { unwrapPage } from '../../api/unwrap';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { DateTimeCell } from '../../ui/DateTimeCell';
import { LoadFailed } from '../../ui/LoadFailed';
import { Pager } from '../../ui/Pager';
import { StaffModal } from '../../ui/StaffModal';
import { stockHistoryKeys } from './queries';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function StockHistoryDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [product?.id]);
  const history = useQuery({
    queryKey: stockHistoryKeys.page(product?.id, page),
    queryFn: () => unwrapPage(fetchStockHistory(product?.id ?? 0, page)),
    enabled: product !== null,
    placeholderData: keepPreviousData,
  });
  if (!product) return null;
  return (
    <StaffModal opened onClose={onClose} size="xl" title={`Historial de stock: ${product.name}`}>
      <Stack>
        {history.isError ? (
          <LoadFailed message={history.error.message} onRetry={() => void history.refetch()} retrying={history.isFetching} />
        ) : history.isPending ? (
          <CenteredLoader label="Cargando historial" />
        ) : history.data.rows.length === 0 ? (
          <Text c="dimmed">Este producto no tiene movimientos de stock.</Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table striped verticalSpacing="xs" aria-label="Historial de stock">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Fecha</Table.Th>
                    <Table.Th>Motivo</Table.Th>
                    <Table.Th>Detalle</Table.Th>
                    <Table.Th ta="right">Cambio</Table.Th>
                    <Table.Th ta="right">Saldo</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {history.data.rows.map((m) => (
                    <Table.Tr key={m.id}>
                      <Table.Td>
                        <DateTimeCell instant={m.createdAt} />
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" tt="none" color={m.delta >= 0 ? 'teal' : 'orange'}>
                          {m.reasonLabel}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {m.saleNumber && <Text inherit>Venta {m.saleNumber}</Text>}
                        {m.note && <Text inherit>{m.note}</Text>}
                        {m.userName && (
                          <Text inherit size="sm" c="dimmed">
                            {m.userName}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{signed(m.delta)}</Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {m.balance}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager page={page} totalPages={history.data.pagination.totalPages} onChange={setPage} />
          </>
        )}
      </Stack>
    </StaffModal>
  );
}
