import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh, IconWifiOff } from '@tabler/icons-react';

/**
 * What a form shows when its data did not load: the error and "Reintentar", never empty fields that
 * could be saved over the real data. Put it at the top so a tablet sees it without scrolling. `offline`
 * (the server was not reached: isNetworkError) titles it «Sin conexión», not as a failure of the data.
 */
export function LoadFailed({ message, onRetry, retrying, offline }: { message: string; onRetry: () => void; retrying?: boolean; offline?: boolean }) {
  return (
    <Alert color="error" variant="light" icon={offline ? <IconWifiOff /> : <IconAlertCircle />} role="alert" title={offline ? 'Sin conexión' : 'No se pudieron cargar los datos'}>
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
