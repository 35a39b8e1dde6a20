import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';

/**
 * What a form shows when its data did not load: the error and "Reintentar", never empty fields that
 * could be saved over the real data. Put it at the top so a tablet sees it without scrolling.
 */
export function LoadFailed({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <Alert color="error" variant="light" icon={<IconAlertCircle />} role="alert" title="No se pudieron cargar los datos">
      <Stack gap="sm">
        <Text size="sm">{message}</Text>
        <Group>
          <Button size="md" variant="light" color="error" leftSection={<IconRefresh size={18} />} onClick={onRetry} loading={retrying}>
            Reintentar
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
