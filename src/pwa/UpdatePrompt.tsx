/**
 * Registers the service worker and, when a new version is waiting, offers "Actualizar". The new version
 * only takes over (and the page reloads) when the user presses it, so a sale is never interrupted. Bottom
 * left: clear of "Procesar Venta" and the last sale (bottom right of the POS). An open app looks for a
 * new version periodically (update-check.ts), and the POS between sales; during a sale the POS hides this
 * prompt (src/features/pos/update-between-sales.ts).
 */
// Loaded lazily (src/app/App.tsx): its Notification styles come with it.
import '@mantine/core/styles/Notification.css';
import { Button, Group, Notification, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { checkForUpdates } from './update-check';

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW: (_url, registration) => {
      if (registration) checkForUpdates(registration);
    },
  });

  if (!needRefresh) return null;
  return (
    <Notification
      icon={<IconRefresh size={18} />}
      title="Nueva versión disponible"
      onClose={() => setNeedRefresh(false)}
      withBorder
      style={{ position: 'fixed', left: 16, bottom: 16, zIndex: 1000, maxWidth: 360 }}
    >
      <Group justify="space-between" mt={4}>
        <Text size="sm">Actualizá cuando termines la venta en curso.</Text>
        <Button size="sm" onClick={() => void updateServiceWorker(true)}>
          Actualizar
        </Button>
      </Group>
    </Notification>
  );
}
