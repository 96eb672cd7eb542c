import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/** The app's primary colour (styles.css `--c-primary`): the installed app's title bar. */
const THEME_COLOR = '#0f766e';

export default defineConfig({
  plugins: [
    react(),
    // Installable and opens offline (ADR 0038): Workbox precaches the shell and every
    // route's chunks; the app registers the worker itself after first paint (lib/pwa.ts).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'placeholder-trip.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'TripCost',
        short_name: 'TripCost',
        description: 'Compare the total cost of getaways and find cheaper date windows.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: '#f8fafc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Precompressed copies (.br/.gz) are the same files again.
        globIgnores: ['**/*.br', '**/*.gz'],
        navigateFallback: '/index.html',
        // The API, docs and probes are never answered with the app's page.
        navigateFallbackDenylist: [/^\/(api|openapi|swagger|metrics|healthz|readyz|livez|health)/i],
        cleanupOutdatedCaches: true,
        // Web Push (issue 42): showing a pushed alert and opening its window (public/push-sw.js).
        importScripts: ['push-sw.js'],
        // API answers are never stored by the worker: the one offline copy of data is the
        // per-user RTK Query cache in IndexedDB (lib/offline). Photos already seen are.
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname === '/api/places-pics',
            handler: 'CacheFirst',
            options: {
              cacheName: 'tripcost-photos',
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  // The product rules shared with the services (pure, browser-safe source).
  resolve: {
    alias: {
      '@tripcost/shared/domain': fileURLToPath(new URL('../services/shared/src/domain/index.ts', import.meta.url)),
    },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      // The shared core is pure (its index says so; a lint rule keeps it browser-safe). Told
      // so, the bundler puts each of its modules only in the chunks that use it: otherwise
      // the barrel drags every module into the chunk all routes load (profile rules,
      // country tables, dated rates…: about 2 KiB of every first load, ADR 0065). The web
      // app's own modules are imported only for what they export (none is imported bare;
      // only stylesheets are), so a feature's index no longer drags every module it
      // re-exports into each page that uses one of them (ADR 0069: ~4 KiB of a trip page).
      treeshake: {
        moduleSideEffects: (id: string) => !/\/services\/shared\/src\/domain\/|\/web\/src\/.*\.tsx?$/.test(id),
      },
    },
  },
});
