/** Providers (theme → business → auth → router) and the update prompt of the service worker. */
import { BrowserRouter } from 'react-router-dom';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { ThemeModeProvider } from '../theme/ThemeModeProvider';
import { AppRoutes } from './AppRoutes';
import { AuthProvider } from './AuthProvider';
import { BusinessProvider } from './BusinessProvider';

export function App() {
  return (
    <ThemeModeProvider>
      <BusinessProvider>
        <AuthProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <UpdatePrompt />
        </AuthProvider>
      </BusinessProvider>
    </ThemeModeProvider>
  );
}
