// Mantine styles only this lazily loaded screen needs (kept out of the public pages' first load).
import '@mantine/core/styles/List.css';
import { List, Stack, Text } from '@mantine/core';

/** A titled list of possible reasons on the failure and pending pages. */
export function ReasonList({ title, reasons }: { title: string; reasons: string[] }) {
  return (
    <Stack gap={6} w="100%">
      <Text fw={600}>{title}</Text>
      <List spacing={4}>
        {reasons.map((reason) => (
          <List.Item key={reason}>{reason}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
