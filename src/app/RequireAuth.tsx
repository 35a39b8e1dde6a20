/** Route guard of docs/spec.md §2: spinner while the session loads; anonymous → /login; non-admin on admin route → /dashboard. */
import { Navigate, Outlet } from 'react-router-dom';
import { CenteredLoader } from '../ui/CenteredLoader';
import { useAuth } from '../session/auth-context';

export function RequireAuth({ adminOnly = false }: { adminOnly?: boolean }) {
  const { user, loading, isAdmin } = useAuth();
  if (loading) return <CenteredLoader />;
  if (!user) return <Navigate to="/login" replace />;
  if (adminOnly && !isAdmin) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
