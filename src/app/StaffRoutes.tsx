/**
 * The staff side of the route table (docs/spec.md §2), a lazy chunk of its own: the public pages' entry holds
 * one lazy import for all of it, so a new staff screen adds nothing to what a visitor downloads. Every
 * screen is its own lazy chunk too. To add a staff screen: create src/features/<area>/<Name>Page.tsx with a
 * default export, add a lazy import and a <Route> below (inside the adminOnly group if only admins may open
 * it), and a NAV_ITEMS entry in layout/nav-items.ts.
 */
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import AppEntry from './AppEntry';
import { RequireAuth } from './RequireAuth';
import { SecureOnly } from './secure-context';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const StaffLayout = lazy(() => import('./layout/StaffLayout'));
const ProfilePage = lazy(() => import('../features/auth/ProfilePage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const PosPage = lazy(() => import('../features/pos/PosPage'));
const SalesPage = lazy(() => import('../features/sales/SalesPage'));
const InvoicesPage = lazy(() => import('../features/invoices/InvoicesPage'));
const ProductsPage = lazy(() => import('../features/products/ProductsPage'));
const CustomersPage = lazy(() => import('../features/customers/CustomersPage'));
const StatementPage = lazy(() => import('../features/customers/StatementPage'));
const AccountsAgingPage = lazy(() => import('../features/customers/AccountsAgingPage'));
const ReportsPage = lazy(() => import('../features/reports/ReportsPage'));
const MessagesPage = lazy(() => import('../features/messages/MessagesPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const CashSessionsPage = lazy(() => import('../features/cash/CashSessionsPage'));

export default function StaffRoutes() {
  return (
    <Routes>
      {/* Staff screens only in a secure context (secure-context.tsx): over plain http:// the HTTPS screen. */}
      <Route element={<SecureOnly />}>
        <Route path="/app" element={<AppEntry />} />
        <Route path="/login" element={<LoginPage />} />
        <Route element={<RequireAuth />}>
          <Route element={<StaffLayout />}>
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/pos" element={<PosPage />} />
            <Route path="/sales" element={<SalesPage />} />
            <Route path="/invoices" element={<InvoicesPage />} />
            <Route path="/customers" element={<CustomersPage />} />
            <Route path="/customers/:id/statement" element={<StatementPage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route element={<RequireAuth adminOnly />}>
              <Route path="/products" element={<ProductsPage />} />
              <Route path="/reports" element={<ReportsPage />} />
              <Route path="/contact-messages" element={<MessagesPage />} />
              <Route path="/settings" element={<SettingsPage />} />
              <Route path="/cash-sessions" element={<CashSessionsPage />} />
              <Route path="/accounts" element={<AccountsAgingPage />} />
            </Route>
          </Route>
        </Route>
      </Route>

      <Route path="/categories" element={<Navigate to="/settings" replace />} />
      <Route path="/brands" element={<Navigate to="/settings" replace />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
