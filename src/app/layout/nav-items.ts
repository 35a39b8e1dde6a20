/** Side navigation entries of docs/spec.md §2 (adminOnly entries are hidden for other users). */
import {
  IconBuildingStore,
  IconCash,
  IconChartBar,
  IconFileInvoice,
  IconLayoutDashboard,
  IconMail,
  IconPackage,
  IconReceipt,
  IconSettings,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  path: string;
  icon: Icon;
  adminOnly: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', path: '/dashboard', icon: IconLayoutDashboard, adminOnly: false },
  { label: 'Punto de Venta', path: '/pos', icon: IconBuildingStore, adminOnly: false },
  { label: 'Productos', path: '/products', icon: IconPackage, adminOnly: true },
  { label: 'Ventas', path: '/sales', icon: IconReceipt, adminOnly: false },
  { label: 'Facturas', path: '/invoices', icon: IconFileInvoice, adminOnly: false },
  { label: 'Clientes', path: '/customers', icon: IconUsers, adminOnly: false },
  { label: 'Cajas', path: '/cash-sessions', icon: IconCash, adminOnly: true },
  { label: 'Reportes', path: '/reports', icon: IconChartBar, adminOnly: true },
  { label: 'Mensajes', path: '/contact-messages', icon: IconMail, adminOnly: true },
  { label: 'Configuración', path: '/settings', icon: IconSettings, adminOnly: true },
];
