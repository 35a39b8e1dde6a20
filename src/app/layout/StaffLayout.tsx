/**
 * Staff layout (docs/spec.md §2): fixed top bar "Sistema POS", 240 px side navigation (permanent from 900 px,
 * a 240 px slide-in drawer below), theme toggle, user's name and avatar menu. On /pos the navigation
 * is a drawer at every width (the burger opens it) so the products and the cart get the whole screen. Lazy-loaded with the staff routes;
 * it also provides TanStack Query and Mantine notifications to every staff screen, and remembers the
 * current screen for the installed app's start (../last-screen.ts). A skip link («Saltar al contenido») is
 * the first thing the keyboard reaches, and each screen has its own document title (screen-title.ts).
 */
import './staff-styles';
import { AppShell, Burger, Group, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { ThemeToggle } from '../../ui/ThemeToggle';
import { useAuth } from '../../session/auth-context';
import { rememberStaffScreen } from '../last-screen';
import { OfflineNotice } from './OfflineNotice';
import { useScreenTitle } from './screen-title';
import { SideNav } from './SideNav';
import { SyncStatusSlot } from './SyncStatusSlot';
import { UserMenu } from './UserMenu';

const NAV_WIDTH = 240;
/** Spec: the navigation is a drawer below 900 px. */
const NAV_BREAKPOINT = '56.25em';

export default function StaffLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { user } = useAuth();
  const { pathname } = useLocation();
  const onPos = pathname === '/pos';
  useScreenTitle(pathname);
  useEffect(() => {
    if (user) rememberStaffScreen(user.id, pathname);
  }, [user, pathname]);
  const wide = useMediaQuery(`(min-width: ${NAV_BREAKPOINT})`, true);
  const reduceMotion = useReducedMotion();
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }));

  return (
    <QueryClientProvider client={queryClient}>
      <Notifications position="top-right" />
      {/* The keyboard's first stop skips the top bar and the navigation (issue #38 item 3; styles in staff.css). */}
      <a
        href="#contenido"
        className="skip-link"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('contenido')?.focus();
        }}
      >
        Saltar al contenido
      </a>
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: { base: NAV_WIDTH }, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: !opened, desktop: onPos && !opened } }}
        padding="md"
        transitionDuration={reduceMotion ? 0 : 200}
      >
        <AppShell.Header bg="var(--app-bar-bg)" c="var(--app-bar-text)">
          <Group h="100%" px="md" gap="sm" wrap="nowrap">
            {(onPos || !wide) && <Burger opened={opened} onClick={toggle} size="md" w={44} h={44} color="var(--app-bar-text)" aria-label="Abrir menú" />}
            <Title order={1} size="h3" fw={500} style={{ flex: 1 }} lineClamp={1}>
              Sistema POS
            </Title>
            <SyncStatusSlot />
            <ThemeToggle c="inherit" />
            <Text visibleFrom="sm" fw={500} truncate="end" maw={220}>
              {user?.fullName}
            </Text>
            <UserMenu />
          </Group>
        </AppShell.Header>
        {/* 240 px at every width: Mantine makes an open mobile navbar 100% wide. */}
        <AppShell.Navbar w={NAV_WIDTH}>
          <SideNav onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main id="contenido" tabIndex={-1}>
          {!onPos && <OfflineNotice />}
          <Suspense fallback={<CenteredLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </QueryClientProvider>
  );
}
