import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useThemeMode } from '../theme/theme-mode-context';

/** Theme toggle of every bar; its title names the mode it switches to (Modo Claro / Modo Oscuro). */
export function ThemeToggle(props: ActionIconProps) {
  const { mode, toggleMode } = useThemeMode();
  const label = mode === 'dark' ? 'Modo Claro' : 'Modo Oscuro';
  return (
    <ActionIcon variant="subtle" size={44} color="gray" onClick={toggleMode} title={label} aria-label={label} {...props}>
      {mode === 'dark' ? <IconSun size={22} /> : <IconMoon size={22} />}
    </ActionIcon>
  );
}
