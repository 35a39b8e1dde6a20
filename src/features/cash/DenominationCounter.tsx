/** Count by ARS bills and coins: pieces per face value, and the total they make. */
import { Group, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { ARS_DENOMINATIONS, denominationTotal, type DenominationCount } from '../../../domain/cash-rules';
import { formatCents } from '../../../domain/money';

export const countTotal = (counts: DenominationCount) => denominationTotal(counts);

export function DenominationCounter({ value, onChange }: { value: DenominationCount; onChange: (next: DenominationCount) => void }) {
  return (
    <div>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        {ARS_DENOMINATIONS.map((face) => (
          <NumberInput
            key={face}
            size="md"
            label={formatCents(face).replace(',00', '')}
            aria-label={`Cantidad de ${formatCents(face)}`}
            min={0}
            max={100_000}
            allowDecimal={false}
            allowNegative={false}
            value={value[face] ?? ''}
            onChange={(n) => {
              const next = { ...value };
              if (typeof n === 'number' && n > 0) next[face] = n;
              else delete next[face];
              onChange(next);
            }}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="xs">
        <Text fw={700}>Total contado: {formatCents(countTotal(value))}</Text>
      </Group>
    </div>
  );
}
