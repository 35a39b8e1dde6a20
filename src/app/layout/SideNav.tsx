import { Divider, NavLink, ScrollArea, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { FALLBACKS } from '../../../domain/constants';
import { useAuth } from '../../session/auth-context';
import { useBusiness } from '../../session/business-context';
import { NAV_ITEMS } from './nav-items';

/**
 * Business-name header (a long name wraps on up to three lines rather than being cut) and the navigation
 * entries; the entry of the current path is highlighted.
 */
export function SideNav({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const { isAdmin } = useAuth();
  const { businessName } = useBusiness();
  const items = NAV_ITEMS.filter((item) => isAdmin || !item.adminOnly);

  return (
    <>
      <Text fw={600} size="lg" px="md" py="md" lh={1.3} lineClamp={3} style={{ overflowWrap: 'break-word' }} title={businessName || FALLBACKS.shopName}>
        {businessName || FALLBACKS.shopName}
      </Text>
      <Divider />
      <ScrollArea component="nav" aria-label="Navegación principal" style={{ flex: 1 }} p="xs">
        {items.map(({ label, path, icon: ItemIcon }) => (
          <NavLink
            key={path}
            component={Link}
            to={path}
            label={label}
            leftSection={<ItemIcon size={22} />}
            active={pathname === path || pathname.startsWith(`${path}/`)}
            aria-current={pathname === path ? 'page' : undefined}
            onClick={onNavigate}
            mih={48}
            fw={500}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
      </ScrollArea>
    </>
  );
}
