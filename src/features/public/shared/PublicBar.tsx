/** Sticky top bar of the public pages: title, actions from md up, and a hamburger drawer below md. */
import { Box, Burger, Drawer, Group, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ThemeToggle } from '../../../ui/ThemeToggle';

export interface DrawerEntry {
  label: string;
  icon: ReactNode;
  onSelect: () => void;
}

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
        <Burger opened={opened} onClick={open} hiddenFrom="md" color="var(--app-bar-text)" aria-label="Abrir menú" />
      </Group>
      <Drawer opened={opened} onClose={close} position="left" size={260} title={title}>
        <Stack gap={4} component="nav">
          {drawerEntries.map((entry) => (
            <NavLink
              key={entry.label}
              label={entry.label}
              leftSection={entry.icon}
              mih={48}
              onClick={() => {
                close();
                entry.onSelect();
              }}
            />
          ))}
        </Stack>
      </Drawer>
    </Box>
  );
}
