import { Text } from '@mantine/core';
import { formatDate, formatDateTime } from './dates';

/** Date over time ("21/11/2026" / "14:05"), so date columns stay narrow on tablets. */
export function DateTimeCell({ instant }: { instant: string }) {
  return (
    <>
      <Text inherit style={{ whiteSpace: 'nowrap' }}>
        {formatDate(instant)}
      </Text>
      <Text inherit size="sm" c="dimmed">
        {formatDateTime(instant).slice(-5)}
      </Text>
    </>
  );
}
