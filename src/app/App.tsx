/**
 * Providers (theme → business → auth → router) and the update prompt of the service worker. The prompt
 * (which also registers the service worker) is its own chunk, fetched right after the first render, so
 * the public pages' first load stays light (issue #17 item 8).
 */
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ThemeModeProvider } from '../theme/ThemeModeProvider';
import { AppRoutes } from './AppRoutes';
import { AuthProvider } from './AuthProvider';
import { BusinessProvider } from './BusinessProvider';

const UpdatePrompt = lazy(() => import('../pwa/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

export function App() {
  return (
    <ThemeModeProvider>
      <BusinessProvider>
        <AuthProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <Suspense fallback={null}>
            <UpdatePrompt />
          </Suspense>
        </AuthProvider>
      </BusinessProvider>
    </ThemeModeProvider>
  );
}
