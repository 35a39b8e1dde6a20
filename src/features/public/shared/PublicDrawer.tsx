/** The public bar's hamburger drawer (its own chunk: only phones that open it download it). */
// Mantine styles only this lazily loaded drawer needs (kept out of the public pages' first load).
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/NavLink.css';
import { Drawer, NavLink, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DrawerEntry {
  label: string;
  icon: ReactNode;
  onSelect: () => void;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  entries: DrawerEntry[];
}

export default function PublicDrawer({ opened, onClose, title, entries }: Props) {
  return (
    <Drawer opened={opened} onClose={onClose} position="left" size={260} title={title} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack gap={4} component="nav">
        {entries.map((entry) => (
          <NavLink
            key={entry.label}
            label={entry.label}
            leftSection={entry.icon}
            mih={48}
            onClick={() => {
              onClose();
              entry.onSelect();
            }}
          />
        ))}
      </Stack>
    </Drawer>
  );
}
