/**
 * Client build: React, dev proxy to the server, and the installable PWA (vite-plugin-pwa, injectManifest
 * with src/sw.ts; registerType 'prompt' so a new version waits for the user's "Actualizar").
 * build.manifest lets tests/e2e measure the JavaScript each public page loads, and lets the service
 * worker's precache leave staff chunks to staff devices (scripts/lib/precache-split.ts). The landing and the
 * catalogue are also written prerendered, as landing.html and catalog.html (scripts/lib/prerender-public.ts).
 * Every text file then gets a brotli and a gzip copy the server sends as is (scripts/lib/precompress.ts).
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { markStaffEntries } from './scripts/lib/precache-split';
import { precompress } from './scripts/lib/precompress';
import { prerenderPublicPages } from './scripts/lib/prerender-public';

/** The build's output directory as resolved (`--outDir` may change it; the bench builds elsewhere). */
let outDir = 'dist';

export default defineConfig({
  plugins: [
    react(),
    prerenderPublicPages(),
    {
      name: 'mostrador-out-dir',
      configResolved: (config) => {
        outDir = config.build.outDir;
      },
    },
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Mostrador - Punto de Venta',
        short_name: 'Mostrador',
        description: 'Punto de venta, catálogo y gestión de tu comercio, con o sin internet.',
        lang: 'es-AR',
        dir: 'ltr',
        // /app opens the signed-in cashier's last staff screen (the POS at first) and visitors' landing.
        start_url: '/app',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#1976d2',
        background_color: '#f5f5f5',
        categories: ['business', 'shopping'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // A long press on the installed app's icon (issue #38 item 4): straight to the counter or the sales list.
        shortcuts: [
          { name: 'Punto de Venta', short_name: 'Vender', url: '/pos', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Ventas', short_name: 'Ventas', url: '/sales', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        ],
      },
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'], manifestTransforms: [markStaffEntries(() => outDir)] },
      devOptions: { enabled: false },
    }),
    // Last: .br and .gz copies of every text file written above, the service worker included.
    precompress(),
  ],
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
  build: { outDir: 'dist', sourcemap: false, manifest: true },
});
