/**
 * Each staff screen's document title, «Ventas · Mostrador» (issue #38 item 4): the side navigation's label,
 * or the screen's own name for those outside it; the tab, the history and a screen reader tell screens apart.
 */
import { useEffect } from 'react';
import { NAV_ITEMS } from './nav-items';

const APP_NAME = 'Mostrador';

const OUTSIDE_NAV: [RegExp, string][] = [
  [/^\/profile$/, 'Mi Perfil'],
  [/^\/accounts$/, 'Cuentas corrientes'],
  [/^\/customers\/[^/]+\/statement$/, 'Estado de cuenta'],
];

export function screenTitle(pathname: string): string {
  const label = NAV_ITEMS.find((item) => item.path === pathname)?.label ?? OUTSIDE_NAV.find(([path]) => path.test(pathname))?.[1];
  return label ? `${label} · ${APP_NAME}` : APP_NAME;
}

/** Sets the title for `pathname`, and gives back the previous one when the staff layout goes (a logout). */
export function useScreenTitle(pathname: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = screenTitle(pathname);
    return () => {
      document.title = before;
    };
  }, [pathname]);
}
