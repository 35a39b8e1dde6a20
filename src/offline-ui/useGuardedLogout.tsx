/**
 * Sign-out that protects unsynced sales (docs/sync.md): with sales the server has not
 * confirmed, it first warns "Hay N ventas sin sincronizar..." and, if the user goes on, signs out
 * keeping them: the outbox belongs to the device, and the next signed-in user's session pushes it.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { OFFLINE_MSG } from '../offline/messages';

export function useGuardedLogout(logout: () => void): { requestLogout: () => void; confirmModal: ReactNode } {
  const [unsynced, setUnsynced] = useState(0);

  const requestLogout = () => {
    // Loaded on demand: the staff shell does not carry Dexie until the offline layer is needed.
    import('../offline/db')
      .then(({ db }) => db.outbox.where('status').anyOf('pending', 'syncing', 'rejected').count())
      .then((count) => (count > 0 ? setUnsynced(count) : logout()), logout);
  };

  const confirmModal = (
    <Modal opened={unsynced > 0} onClose={() => setUnsynced(0)} title="Ventas sin sincronizar" centered>
      <Text>{OFFLINE_MSG.unsyncedOnLogout(unsynced)}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" size="md" onClick={() => setUnsynced(0)}>
          Cancelar
        </Button>
        <Button color="error" size="md" onClick={logout}>
          Cerrar sesión igualmente
        </Button>
      </Group>
    </Modal>
  );
  return { requestLogout, confirmModal };
}
