import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconMoon, IconSun, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { useGuardedLogout } from '../../offline-ui/useGuardedLogout';
import { useThemeMode } from '../../theme/theme-mode-context';
import { useAuth } from '../../session/auth-context';

/** Avatar with the name's initial; menu with Mi Perfil, the theme toggle and Cerrar Sesión (docs/spec.md §2; warns about unsynced sales). */
export function UserMenu() {
  const { user, logout } = useAuth();
  const { mode, toggleMode } = useThemeMode();
  const navigate = useNavigate();
  const { requestLogout, confirmModal } = useGuardedLogout(logout);
  const name = user?.fullName || user?.username || '';

  return (
    <>
      <Menu position="bottom-end" width={200} shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <UnstyledButton aria-label="Menú de usuario" p={2} miw={44} mih={44}>
            <Avatar color="secondary" variant="filled" radius="xl" size={40}>
              {name.charAt(0).toUpperCase()}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconUser size={18} />} onClick={() => navigate('/profile')} mih={44}>
            Mi Perfil
          </Menu.Item>
          <Menu.Item leftSection={mode === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />} onClick={toggleMode} mih={44}>
            {mode === 'dark' ? 'Modo Claro' : 'Modo Oscuro'}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={18} />} onClick={requestLogout} mih={44}>
            Cerrar Sesión
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {confirmModal}
    </>
  );
}
