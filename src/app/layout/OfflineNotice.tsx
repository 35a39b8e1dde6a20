import { Alert, Anchor, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useServerReachable } from '../../session/connectivity';

/**
 * Back-office screens without a connection (issue #14 item 11), e.g. after an offline sign-in: says
 * "Sin conexión" and what still works, so a failed load is never read as "no sales" or "no users".
 * Not on /pos, whose sync status already says it and which keeps selling offline. Offline means the
 * browser has no network, or it has but the sync engine's last request did not reach the server (a
 * dead server behind a working Wi-Fi: issue #29 item 5).
 */
export function OfflineNotice() {
  const { online } = useNetwork();
  const reachable = useServerReachable();
  if (online && reachable !== false) return null;
  return (
    <Alert color="warning" variant="light" icon={<IconWifiOff />} title="Sin conexión" mb="md" role="status" styles={{ title: { color: "var(--mantine-color-text)" } }}>
      <Text size="sm">
        No se pueden cargar ni guardar datos del servidor: lo que falte en esta pantalla no está vacío, no se pudo traer. El{' '}
        <Anchor component={Link} to="/pos" inherit fw={600}>
          Punto de Venta
        </Anchor>{' '}
        sigue funcionando y sus ventas se sincronizan solas al volver la conexión.
      </Text>
    </Alert>
  );
}
