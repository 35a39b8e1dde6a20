/** A session's difference: bold, with "faltante" or "sobrante", when it is not zero; "—" while open. */
import { Text } from '@mantine/core';
import { Money } from '../../ui/Money';

export function DifferenceText({ value }: { value: number | null }) {
  if (value === null) return <Text inherit c="dimmed">—</Text>;
  if (!value) return <Money value={value} />;
  return (
    <Text inherit component="span" fw={700}>
      <Money value={value} /> {value < 0 ? 'faltante' : 'sobrante'}
    </Text>
  );
}
