/** A session's difference: red when cash is missing, orange when there is extra, plain when exact; "—" while open. */
import { Text } from '@mantine/core';
import { Money } from '../../ui/Money';

export function DifferenceText({ value }: { value: number | null }) {
  if (value === null) return <Text inherit c="dimmed">—</Text>;
  return <Money value={value} fw={value ? 700 : undefined} c={value < 0 ? 'red' : value > 0 ? 'orange' : undefined} />;
}
