import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const apiPort = process.env.PORT ?? '8080';

/** The app's main colour (src/views/ui/theme.css --main-color, index.html theme-color). */
const MAIN_COLOUR = '#df554a';

/**
 * The installable app (decisions K24-K27): a web app manifest, and a Workbox service worker that precaches
 * the built shell (every script, style, icon and index.html) so a reload on a weak or lost connection
 * starts at once, answers any navigation with index.html (the router is a hash router), and keeps the demo
 * pictures it has shown. It never touches the API: consumer calls are POSTs, which Workbox neither caches
 * nor queues, so no order or payment is ever stored or replayed offline; the last menu read is kept by the
 * app itself (src/services/offline-replies.ts). The registration is a deferred /registerSW.js script, which
 * the Content-Security-Policy's script-src 'self' allows and the first route's bundle does not carry.
 */
const pwa = VitePWA({
  registerType: 'autoUpdate',
  injectRegister: 'script-defer',
  manifest: {
    name: 'Online ordering',
    short_name: 'Ordering',
    description: 'Order from your favourite shops: delivery, pick-up, dine-in and appointments.',
    lang: 'zh-CN',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: MAIN_COLOUR,
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/new\//, /^\/assets\/demo\//, /^\/healthz/, /^\/test\//],
    cleanupOutdatedCaches: true,
    // The first visit's page is taken over at once, so the pictures it shows are kept for the next one.
    clientsClaim: true,
    runtimeCaching: [
      {
        // Same-origin pictures only: a cross-origin (opaque) reply costs megabytes of quota each.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/demo/'),
        handler: 'StaleWhileRevalidate',
        options: {
          cacheName: 'menu-images',
          expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60 },
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [
    react(),
    pwa,
    // Every text asset is written beside itself as .br and .gz; the server sends the one the browser
    // accepts (@fastify/static preCompressed) without compressing anything per request (decision K20).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|css|js|mjs|svg|json|webmanifest)$/,
      threshold: 512,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/new': `http://127.0.0.1:${apiPort}`,
      '/assets/demo': `http://127.0.0.1:${apiPort}`,
      '/healthz': `http://127.0.0.1:${apiPort}`,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 512,
    rolldownOptions: {
      output: {
        // What every page needs (the flow runtime, translations runtime, shared enumerations) goes in one
        // chunk: left to itself the bundler splits it by which lazy pages share what, and many small
        // chunks compress worse and cost a request each on the first load.
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: /node_modules[\\/](xstate|@xstate|react|react-dom|scheduler|@tanstack|ky)[\\/]|src[\\/]i18n[\\/]i18n-(util|context)|src[\\/]domain[\\/]enums|src[\\/]machines[\\/]not-provided/,
            },
            {
              // Small rules and helpers the ordering pages share: one chunk instead of a request for each.
              name: 'order-shared',
              test: /src[\\/](domain[\\/]api[\\/]order-rules|domain[\\/]hours|i18n[\\/]currency|machines[\\/]breakdown|views[\\/]order[\\/]breakdown-label|app[\\/]idempotency-key)/,
            },
          ],
        },
      },
    },
  },
});
