/** Count by ARS bills and coins: pieces per face value, and the total they make; − and + are 44 px touch targets (issue #35.6). */
import { ActionIcon, Group, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { ARS_DENOMINATIONS, denominationTotal, type DenominationCount } from '../../../domain/cash-rules';
import { formatCents } from '../../../domain/money';

export const countTotal = (counts: DenominationCount) => denominationTotal(counts);

export function DenominationCounter({ value, onChange }: { value: DenominationCount; onChange: (next: DenominationCount) => void }) {
  const set = (face: number, n: number) => {
    const next = { ...value };
    if (n > 0) next[face] = Math.min(n, 100_000);
    else delete next[face];
    onChange(next);
  };
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
            hideControls
            leftSectionWidth={48}
            rightSectionWidth={48}
            leftSection={
              <ActionIcon size={44} variant="subtle" aria-label={`Uno menos de ${formatCents(face)}`} disabled={!value[face]} onClick={() => set(face, (value[face] ?? 0) - 1)}>
                <IconMinus size={20} />
              </ActionIcon>
            }
            rightSection={
              <ActionIcon size={44} variant="subtle" aria-label={`Uno más de ${formatCents(face)}`} onClick={() => set(face, (value[face] ?? 0) + 1)}>
                <IconPlus size={20} />
              </ActionIcon>
            }
            styles={{ input: { textAlign: 'center', minHeight: 48 } }}
            value={value[face] ?? ''}
            onChange={(n) => set(face, typeof n === 'number' ? n : 0)}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="xs">
        <Text fw={700}>Total contado: {formatCents(countTotal(value))}</Text>
      </Group>
    </div>
  );
}
