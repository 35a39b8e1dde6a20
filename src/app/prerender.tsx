/**
 * Build-time rendering of the public pages' first view (scripts/lib/prerender-public.ts loads this module
 * in Node): the same providers and page components the browser mounts, in their first state — light theme
 * (public/theme-mode.js switches the colours before the first paint), the fallback shop name, the landing's
 * bar and hero only, the catalogue loading — so the browser paints the page from HTML and CSS alone, and
 * React's first render replaces it with identical boxes (no layout shift).
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import CatalogPage from '../features/public/catalog/CatalogPage';
import LandingPage from '../features/public/landing/LandingPage';
import { ThemeModeProvider } from '../theme/ThemeModeProvider';
import { BusinessProvider } from './BusinessProvider';

export const PRERENDERED_PAGES = { '/': () => <LandingPage firstViewOnly />, '/catalog': CatalogPage } as const;

export function renderPublicPage(pathname: keyof typeof PRERENDERED_PAGES): string {
  const Page = PRERENDERED_PAGES[pathname];
  return renderToString(
    <ThemeModeProvider>
      <BusinessProvider>
        <StaticRouter location={pathname}>
          <Page />
        </StaticRouter>
      </BusinessProvider>
    </ThemeModeProvider>,
  );
}
