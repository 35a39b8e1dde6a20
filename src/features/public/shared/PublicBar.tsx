/**
 * Sticky top bar of the public pages: title, actions from md up, and a hamburger drawer below md.
 * The drawer (and Mantine's modal machinery) is downloaded on the first tap, not with the page.
 */
import { Box, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ThemeToggle } from '../../../ui/ThemeToggle';
import type { DrawerEntry } from './PublicDrawer';

export type { DrawerEntry } from './PublicDrawer';

const PublicDrawer = lazy(() => import('./PublicDrawer'));

interface Props {
  title: string;
  onTitleClick: () => void;
  /** Buttons shown in the bar from md up. */
  actions: ReactNode;
  /** Entries of the drawer below md. */
  drawerEntries: DrawerEntry[];
}

export function PublicBar({ title, onTitleClick, actions, drawerEntries }: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  const [wanted, setWanted] = useState(false);
  const openDrawer = () => {
    setWanted(true);
    open();
  };
  return (
    <Box component="header" pos="sticky" top={0} bg="var(--app-bar-bg)" c="var(--app-bar-text)" style={{ zIndex: 100, boxShadow: 'var(--mantine-shadow-sm)' }}>
      <Group h={64} px="md" gap="xs" wrap="nowrap" maw={1280} mx="auto">
        <UnstyledButton onClick={onTitleClick} style={{ flex: 1, minWidth: 0, color: 'inherit' }}>
          <Text component="span" fw={600} size="xl" truncate="end" display="block">
            {title}
          </Text>
        </UnstyledButton>
        <Group gap={4} visibleFrom="md" wrap="nowrap">
          {actions}
        </Group>
        <ThemeToggle c="inherit" />
        <Burger opened={opened} onClick={openDrawer} hiddenFrom="md" color="var(--app-bar-text)" aria-label="Abrir menú" />
      </Group>
      {wanted && (
        <Suspense fallback={null}>
          <PublicDrawer opened={opened} onClose={close} title={title} entries={drawerEntries} />
        </Suspense>
      )}
    </Box>
  );
}
