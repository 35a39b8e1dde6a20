/**
 * Vite build step (issue #17 item 8): writes landing.html and catalog.html next to index.html, each with
 * its page's first view already in #root (rendered in Node by src/app/prerender.tsx), so a visitor on a
 * slow phone sees the page after the HTML and the CSS, not after the whole JavaScript: public/after-paint.js
 * fetches that only after the first paint (with the page's own chunks). The markup is inert (no clicks, no
 * typing into fields that React is about to replace) until main.tsx mounts the same page over it. The
 * server and the service worker answer `/` and `/catalog` with these files; other pages get index.html.
 */
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import { createServer, type Plugin } from 'vite';

/** Page path → built file and the module of its lazy chunk. */
export const PRERENDERED = [
  { path: '/', file: 'landing.html', module: 'src/features/public/landing/LandingPage.tsx' },
  { path: '/catalog', file: 'catalog.html', module: 'src/features/public/catalog/CatalogPage.tsx' },
] as const;

const ROOT_DIV = '<div id="root"></div>';

/** The chunk of `module` and its static imports, transitively (what the page needs before it renders). */
function pageChunks(bundle: OutputBundle, module: string): OutputChunk[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const start = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`));
  if (!start) throw new Error(`prerender: no hay chunk para ${module}`);
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) if (bundle[name]?.type === 'chunk') visit(bundle[name] as OutputChunk);
  };
  visit(start);
  return [...seen.values()];
}

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * index.html's head for a prerendered page: its stylesheets stay, the entry script and its modulepreloads
 * become one deferred /after-paint.js that fetches them (and the page's own chunks) after the first paint.
 */
function prerenderedHead(html: string, chunks: OutputChunk[], base: string): string {
  const entry = MODULE_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('prerender: index.html no tiene el script del punto de entrada');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  for (const chunk of chunks) if (!preloads.includes(`${base}${chunk.fileName}`)) preloads.push(`${base}${chunk.fileName}`);
  const sheets = chunks
    .flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])])
    .filter((file) => !html.includes(`${base}${file}"`))
    .map((file) => `\n    <link rel="stylesheet" crossorigin href="${base}${file}">`);
  const boot = `\n    <script defer src="${base}after-paint.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;
  return html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('</head>', `${sheets.join('')}${boot}\n  </head>`);
}

/** The page's markup, inert until React replaces it; its fields read-only, so nothing typed there is lost. */
const inertMarkup = (markup: string) => `<div data-prerendered inert>${markup.replace(/<(input|textarea)\b/g, '<$1 readonly')}</div>`;

export function prerenderPublicPages(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'mostrador-prerender-public',
    apply: 'build',
    enforce: 'post',
    configResolved: (config) => {
      root = config.root;
      base = config.base;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'] as OutputAsset | undefined;
      if (!index) return;
      const html = String(index.source);
      if (!html.includes(ROOT_DIV)) throw new Error(`prerender: index.html no tiene ${ROOT_DIV}`);
      // A separate Vite instance in SSR mode renders the pages with the project's own sources.
      const vite = await createServer({ root, configFile: false, logLevel: 'error', appType: 'custom', optimizeDeps: { noDiscovery: true }, server: { middlewareMode: true, hmr: false, watch: null } });
      try {
        const { renderPublicPage } = (await vite.ssrLoadModule('/src/app/prerender.tsx')) as { renderPublicPage: (path: string) => string };
        for (const page of PRERENDERED) {
          const markup = renderPublicPage(page.path);
          const source = prerenderedHead(html, pageChunks(bundle, page.module), base).replace(ROOT_DIV, `<div id="root">${inertMarkup(markup)}</div>`);
          this.emitFile({ type: 'asset', fileName: page.file, source });
        }
      } finally {
        await vite.close();
      }
    },
  };
}
