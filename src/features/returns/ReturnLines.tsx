/**
 * The lines of a sale to return, shared by the back office's «Devolución» and the counter's: how many units
 * of each can still be returned (sold minus already returned), a −/+ stepper per line with 44 px targets,
 * and the exact refund of the chosen units (domain returnAmounts, the server's own rule).
 */
import { ActionIcon, Group, Table, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { fromCents, toCents } from '../../../domain/money';
import { returnAmounts } from '../../../domain/sale-returns';
import type { Sale } from '../../api/sales';

const left = (item: Sale['items'][number]) => item.quantity - item.returnedQuantity;

export function refundOf(sale: Sale, quantities: Record<number, number>): number {
  const wanted = new Map(Object.entries(quantities).filter(([, q]) => q > 0).map(([id, q]) => [Number(id), q]));
  if (wanted.size === 0) return 0;
  const lines = sale.items.map((i) => ({
    id: i.id,
    quantity: i.quantity,
    subtotalCents: toCents(i.subtotal),
    unitCostCents: 0,
    returnedQuantity: i.returnedQuantity,
    returnedCents: toCents(i.returnedAmount),
  }));
  const sold = { subtotalCents: toCents(sale.subtotal), totalCents: toCents(sale.total) };
  return fromCents(returnAmounts(sold, lines, wanted).totalCents);
}

/** The quantities after one step on a line, kept between 0 and what is left of it. */
export const stepQuantity = (quantities: Record<number, number>, id: number, delta: number, max: number) => ({
  ...quantities,
  [id]: Math.min(max, Math.max(0, (quantities[id] ?? 0) + delta)),
});

export function ReturnLines({ sale, quantities, onStep }: { sale: Sale; quantities: Record<number, number>; onStep: (id: number, delta: number, max: number) => void }) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="xs" aria-label="Productos a devolver">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Producto</Table.Th>
            <Table.Th ta="right">Vendidas</Table.Th>
            <Table.Th ta="center">A devolver</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sale.items.map((item) => {
            const max = left(item);
            const q = quantities[item.id] ?? 0;
            return (
              <Table.Tr key={item.id}>
                <Table.Td>
                  {item.productName}
                  {item.returnedQuantity > 0 && (
                    <Text size="xs" c="dimmed">
                      Ya devueltas: {item.returnedQuantity}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td>
                  <Group gap={6} justify="center" wrap="nowrap">
                    <ActionIcon size={44} variant="default" aria-label={`Una menos de ${item.productName}`} disabled={q === 0} onClick={() => onStep(item.id, -1, max)}>
                      <IconMinus size={18} />
                    </ActionIcon>
                    <Text w={36} ta="center" fw={600} aria-label={`A devolver de ${item.productName}`} data-testid={`return-qty-${item.id}`}>
                      {q}
                    </Text>
                    <ActionIcon size={44} variant="default" aria-label={`Una más de ${item.productName}`} disabled={q >= max} onClick={() => onStep(item.id, 1, max)}>
                      <IconPlus size={18} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
