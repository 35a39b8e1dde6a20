/** Cajas: Z, Dispositivo, Apertura (who, when), Cierre (who, when), Fondo, Esperado, Contado, Diferencia, Ver. */
import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import type { CashSessionJson } from '../../../domain/schemas/cash';
import { DateTimeCell } from '../../ui/DateTimeCell';
import { Money } from '../../ui/Money';
import { DifferenceText } from './DifferenceText';

export const deviceLabel = (s: Pick<CashSessionJson, 'deviceName' | 'deviceId'>) => s.deviceName || `Dispositivo ${s.deviceId.slice(0, 8)}`;

export function CashSessionsTable({ sessions, onView }: { sessions: CashSessionJson[]; onView: (s: CashSessionJson) => void }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing={6} aria-label="Cajas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Z</Table.Th>
            <Table.Th>Dispositivo</Table.Th>
            <Table.Th>Apertura</Table.Th>
            <Table.Th>Cierre</Table.Th>
            <Table.Th ta="right">Fondo</Table.Th>
            <Table.Th ta="right">Esperado</Table.Th>
            <Table.Th ta="right">Contado</Table.Th>
            <Table.Th ta="right">Diferencia</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((s) => (
            <Table.Tr key={s.id} data-testid="cash-session-row">
              <Table.Td>
                {s.zNumber ? (
                  <Text inherit fw={500}>N° {s.zNumber}</Text>
                ) : (
                  <Badge color="green" variant="light" tt="none">
                    Abierta
                  </Badge>
                )}
                {s.lateSales > 0 && (
                  <Badge color="warning" variant="light" tt="none" mt={4}>
                    {s.lateSales} venta{s.lateSales === 1 ? '' : 's'} después del cierre
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{deviceLabel(s)}</Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text inherit>{s.openedBy.fullName}</Text>
                  <DateTimeCell instant={s.openedAt} />
                </Stack>
              </Table.Td>
              <Table.Td>
                {s.closedAt ? (
                  <Stack gap={0}>
                    <Text inherit>{s.closedBy?.fullName}</Text>
                    <DateTimeCell instant={s.closedAt} />
                  </Stack>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td ta="right">
                <Money value={s.float} />
              </Table.Td>
              <Table.Td ta="right">{s.expected === null ? '—' : <Money value={s.expected} />}</Table.Td>
              <Table.Td ta="right">{s.counted === null ? '—' : <Money value={s.counted} />}</Table.Td>
              <Table.Td ta="right">
                <DifferenceText value={s.difference} />
              </Table.Td>
              <Table.Td>
                <Button size="md" variant="light" onClick={() => onView(s)} aria-label={`Ver caja ${s.zNumber ? `Z ${s.zNumber}` : 'abierta'} de ${deviceLabel(s)}`}>
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
