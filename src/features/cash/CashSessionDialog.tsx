/** A cash session's detail: its Z (or that it is open), the figures with what the server holds now, its sales, its movements and its drawer openings («Abrir cajón», no money). */
import { Alert, Badge, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CASH_REASON_LABELS } from '../../../domain/cash-rules';
import type { CashSessionJson } from '../../../domain/schemas/cash';
import { fetchCashSession } from '../../api/cash';
import { unwrap } from '../../api/unwrap';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { DateTimeCell } from '../../ui/DateTimeCell';
import { EmptyState } from '../../ui/EmptyState';
import { LoadFailed } from '../../ui/LoadFailed';
import { Money } from '../../ui/Money';
import { PaymentStatusChip } from '../../ui/SaleChips';
import { paymentMethodLabel } from '../../ui/sale-labels';
import { StaffModal } from '../../ui/StaffModal';
import { deviceLabel } from './CashSessionsTable';
import { DifferenceText } from './DifferenceText';
import { cashSessionKeys } from './queries';

const Figure = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <div>
    <Text size="sm" c="dimmed">{label}</Text>
    <Text fw={700} component="div">{children}</Text>
  </div>
);

export function CashSessionDialog({ session, onClose }: { session: CashSessionJson | null; onClose: () => void }) {
  const detail = useQuery({ queryKey: cashSessionKeys.detail(session?.id), queryFn: () => unwrap(fetchCashSession(session!.id)), enabled: session !== null });
  const d = detail.data;
  const title = session ? `${session.zNumber ? `Cierre Z N° ${session.zNumber}` : 'Caja abierta'} · ${deviceLabel(session)}` : '';
  return (
    <StaffModal opened={session !== null} onClose={onClose} title={title} size="xl">
      {detail.isError ? (
        <LoadFailed message={detail.error.message} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      ) : !d ? (
        <CenteredLoader label="Cargando caja" />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label="Fondo inicial"><Money value={d.float} /></Figure>
            <Figure label="Esperado (Z)">{d.expected === null ? '—' : <Money value={d.expected} />}</Figure>
            <Figure label="Contado">{d.counted === null ? '—' : <Money value={d.counted} />}</Figure>
            <Figure label="Diferencia"><DifferenceText value={d.difference} /></Figure>
          </SimpleGrid>
          <Text size="sm">
            Abrió {d.openedBy.fullName}
            {d.closedBy ? ` · cerró ${d.closedBy.fullName}` : ''}
          </Text>
          {d.comment && <Alert color="gray" title="Comentario del cierre">{d.comment}</Alert>}
          {d.lateSales > 0 && (
            <Alert color="warning" title="Ventas recibidas después del cierre">
              {d.lateSales} venta{d.lateSales === 1 ? '' : 's'} de esta caja llegaron al servidor después del cierre: no están en su Z. Efectivo esperado hoy: <Money value={d.report.expected} />.
            </Alert>
          )}
          {d.sales.length > 0 && (
            <>
              <Title order={4}>Por medio de pago</Title>
              <Group gap="xs">
                {d.report.byMethod.filter((m) => m.count > 0).map((m) => (
                  <Badge key={m.paymentMethod} size="lg" variant="light" tt="none">
                    {paymentMethodLabel(m.paymentMethod)}: {m.count} · <Money value={m.total} />
                  </Badge>
                ))}
                {d.report.cashRefunds > 0 && (
                  <Badge size="lg" color="error" variant="light" tt="none">
                    Devoluciones en efectivo: <Money value={d.report.cashRefunds} />
                  </Badge>
                )}
              </Group>
            </>
          )}
          <Title order={4}>Ventas ({d.sales.length})</Title>
          {d.sales.length === 0 ? (
            <EmptyState message="Esta caja no tiene ventas" />
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped aria-label="Ventas de la caja">
                <Table.Tbody>
                  {d.sales.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td fw={500}>
                        {s.saleNumber}
                        {s.late && <Badge ml="xs" color="warning" variant="light" tt="none">Después del cierre</Badge>}
                      </Table.Td>
                      <Table.Td><DateTimeCell instant={s.saleDate} /></Table.Td>
                      <Table.Td>{paymentMethodLabel(s.paymentMethod)}</Table.Td>
                      <Table.Td ta="right"><Money value={s.total} /></Table.Td>
                      <Table.Td><PaymentStatusChip status={s.paymentStatus} /></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Title order={4}>Movimientos de efectivo ({d.movements.length})</Title>
          {d.movements.length === 0 ? (
            <EmptyState message="Sin ingresos ni retiros" />
          ) : (
            <Table striped aria-label="Movimientos de la caja">
              <Table.Tbody>
                {d.movements.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{m.kind === 'in' ? 'Ingreso' : 'Retiro'}</Table.Td>
                    <Table.Td>
                      {CASH_REASON_LABELS[m.reason]}
                      {m.note ? ` · ${m.note}` : ''}
                    </Table.Td>
                    <Table.Td>{m.userName}</Table.Td>
                    <Table.Td><DateTimeCell instant={m.at} /></Table.Td>
                    <Table.Td ta="right"><Money value={m.kind === 'in' ? m.amount : -m.amount} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Title order={4}>Aperturas de cajón ({d.drawerOpens.length})</Title>
          {d.drawerOpens.length === 0 ? (
            <EmptyState message="No se abrió el cajón con «Abrir cajón»" />
          ) : (
            <Table striped aria-label="Aperturas de cajón de la caja">
              <Table.Tbody>
                {d.drawerOpens.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      Apertura de cajón
                      {o.reviewNote ? ` · ${o.reviewNote}` : ''}
                    </Table.Td>
                    <Table.Td>{o.userName}</Table.Td>
                    <Table.Td><DateTimeCell instant={o.at} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </StaffModal>
  );
}
