import { Paper, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

/** What a list shows when it has nothing (e.g. "No hay productos para mostrar"). */
export function EmptyState({ message }: { message: string }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="xs" c="dimmed">
        <IconInbox size={40} stroke={1.5} aria-hidden />
        <Text>{message}</Text>
      </Stack>
    </Paper>
  );
}
