/**
 * The landing and the catalogue as lazy chunks that can be fetched before React starts. Their first view
 * arrives prerendered in landing.html / catalog.html (scripts/lib/prerender-public.ts); main.tsx loads the
 * page's chunk first and mounts React only then, so its first render is the page itself, never the route's
 * loading fallback replacing the prerendered markup (issue #17 item 8: no flash, no layout shift).
 */
import { lazy, type ComponentType } from 'react';

type PageModule = { default: ComponentType };

/** React.lazy whose chunk, once preloaded, renders at once: a synchronous thenable needs no Suspense fallback. */
function preloadableLazy(load: () => Promise<PageModule>) {
  let loaded: PageModule | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module;
    });
  const Page = lazy(() => {
    if (!loaded) return load();
    const ready = loaded;
    return { then: (resolve: (module: PageModule) => void) => resolve(ready) } as Promise<PageModule>;
  });
  return { Page, preload };
}

export const landing = preloadableLazy(() => import('../features/public/landing/LandingPage'));
export const catalog = preloadableLazy(() => import('../features/public/catalog/CatalogPage'));

const PRELOADS: Record<string, () => Promise<void>> = { '/': landing.preload, '/catalog': catalog.preload };

/** Fetches the chunk of a prerendered public page (resolves at once on any other path; a failure only delays to the lazy load). */
export const preloadPage = (pathname: string): Promise<void> => (PRELOADS[pathname]?.() ?? Promise.resolve()).catch(() => undefined);
