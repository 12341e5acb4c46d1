import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
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
    navigateFallbackDenylist: [/^\/new\//, /^\/inspect\//, /^\/assets\/demo\//, /^\/healthz/, /^\/test\//],
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

const root = fileURLToPath(new URL('.', import.meta.url));

/** The early script of a cold start: its own entry of the build (decision K50). */
const EARLY_ENTRY = 'src/app/early.ts';

/**
 * What a shop's link loads after the app's own code: the entry page, the menu it goes on to (decision K22)
 * and the menu's cart bar, which follows the menu's first screen (K53). index.html names these files
 * itself, so the browser fetches them with the app's code.
 */
const SHOP_LINK_CODE = [
  'src/app/pages/general/entry-page.tsx',
  'src/app/pages/product/selection-tab-page.tsx',
  'src/app/pages/order/cart-panel.tsx',
];

/**
 * Other pages a cold start may open on, and what each loads before it shows: the confirm page and the
 * menu tab restore the shop of the stored session, and the confirm page starts the checkout flow, which it
 * loads after its own code. The early script asks for the one in the address.
 */
const OTHER_FIRST_ROUTES: Record<string, string[]> = {
  '/order/confirm': [
    'src/app/pages/order/order-confirm-page.tsx',
    'src/app/restore-shop.tsx',
    'src/app/flows/checkout.ts',
  ],
  '/pages/user/index-tab-1': ['src/app/pages/product/selection-tab-page.tsx', 'src/app/restore-shop.tsx'],
};

/**
 * Puts the early script (src/app/early.ts) in index.html ahead of the app's own, and the code the first
 * route needs after the app's own (decision K50): a shop link's pages as preload links of the page itself,
 * and for another first route or the customer's language, a map the early script turns into preload links
 * (index.html cannot know the address's route or the language). index.html is revalidated on every start
 * (K21), so the links and the map always name the current files; the early script stays a file of 'self'
 * (the Content-Security-Policy allows no inline script). A module named here that is not a chunk of the
 * build fails the build.
 */
function firstRouteCode(): Plugin {
  return {
    name: 'storefront:first-route-code',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const { bundle, chunk: main } = ctx;
        if (!bundle || !main) {
          // The development server serves every module on demand: only the script itself.
          return html.replace(
            /<script type="module"/,
            `<script type="module" src="/${EARLY_ENTRY}"></script>\n    $&`,
          );
        }
        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const byModule = (id: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId === resolve(root, id));
          if (!chunk) throw new Error(`first-route code: ${id} is not a chunk of the build`);
          return chunk;
        };
        const early = byModule(EARLY_ENTRY);
        const loaded = new Set([...closure(bundle, main), ...closure(bundle, early)]);
        const codeOf = (ids: string[]) => [
          ...new Set(ids.flatMap((id) => closure(bundle, byModule(id)).filter((file) => !loaded.has(file)))),
        ];
        const shopLink = codeOf(SHOP_LINK_CODE);
        for (const file of shopLink) loaded.add(file);
        const files: string[] = [];
        const indexOf = (file: string) =>
          files.includes(`/${file}`) ? files.indexOf(`/${file}`) : files.push(`/${file}`) - 1;
        const routes = Object.fromEntries(
          Object.entries(OTHER_FIRST_ROUTES).map(([path, ids]) => [path, codeOf(ids).map(indexOf)]),
        );
        const locales = Object.fromEntries(
          chunks
            .map((c) => /src\/i18n\/([^/]+)\/index\.ts$/.exec(c.facadeModuleId ?? '')?.[1])
            .filter((locale): locale is string => locale !== undefined)
            .map((locale) => [locale, codeOf([`src/i18n/${locale}/index.ts`]).map(indexOf)]),
        );
        const map = JSON.stringify({ files, routes, locales }).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
        // Ahead of the app's script, and like it deferred: module scripts run in the order they are named, so
        // the early one runs first, as soon as it has arrived, while the app's code is still arriving (an
        // async script is left until after the app's own by Chromium when both are ready).
        const script = `<script type="module" crossorigin src="/${early.fileName}" data-first-route-code="${map}"></script>`;
        const preloads = [
          ...closure(bundle, early).filter(
            (file) => file !== early.fileName && !closure(bundle, main).includes(file),
          ),
          ...shopLink,
        ].map((file) =>
          file.endsWith('.css')
            ? `<link rel="preload" as="style" crossorigin href="/${file}">`
            : `<link rel="modulepreload" crossorigin href="/${file}">`,
        );
        // The app's own script and its imports come first: they are the largest and needed first.
        return html
          .replace(/<script type="module"/, `${script}\n    $&`)
          .replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/** A chunk's file, the files it statically imports (transitively) and their styles. */
function closure(
  bundle: Rolldown.OutputBundle,
  chunk: Rolldown.OutputChunk,
  into = new Set<string>(),
): string[] {
  if (into.has(chunk.fileName)) return [...into];
  into.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const file of chunk.imports) {
    const imported = bundle[file];
    if (imported?.type === 'chunk') closure(bundle, imported, into);
  }
  return [...into];
}

export default defineConfig({
  plugins: [
    react(),
    firstRouteCode(),
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
  resolve: {
    alias: [
      // React 19's own useSyncExternalStore instead of the React 17 shim (src/app/react-sync-external-store.ts).
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: resolve(root, 'src/app/react-sync-external-store.ts'),
      },
    ],
  },
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
      // typesafe-i18n's detectors build their default detectors when loaded; the app chooses the locale
      // itself (src/i18n/locale.ts), so nothing of them is kept.
      treeshake: {
        moduleSideEffects: (id) => (/typesafe-i18n[\\/]detectors[\\/]/.test(id) ? false : undefined),
      },
      // The app, and the early script of a cold start that index.html runs ahead of it (firstRouteCode).
      input: { index: resolve(root, 'index.html'), early: resolve(root, EARLY_ENTRY) },
      output: {
        // What every page needs (the flow runtime, translations runtime, shared enumerations) goes in one
        // chunk: left to itself the bundler splits it by which lazy pages share what, and many small
        // chunks compress worse and cost a request each on the first load.
        codeSplitting: {
          groups: [
            {
              name: 'core',
              // (src/domain/enums is not in it: the early script reads its defaults before this chunk has
              // arrived, decision K50.) With the libraries, the app's own small modules that the entry page
              // and most pages share: the flow hook, the reason texts, the session keeper and the calls of
              // the store and table areas, which were six chunks of a hundred bytes or so on the first route
              // (decision U40). The request layer they call comes with them; ky, which it loads as it
              // starts, has its own chunk (decision K54).
              test: /node_modules[\\/](xstate|@xstate|react|react-dom|scheduler|@tanstack)[\\/]|src[\\/]i18n[\\/]i18n-(util|context)|src[\\/]machines[\\/]shared[\\/]not-provided|src[\\/](app[\\/](use-flow|messages|flows[\\/]keep-session)|services[\\/]api[\\/](call|store|table))\./,
            },
            {
              // What the early script of a cold start shares with the app (decision K50): the environment,
              // storage, locale choice, request builder and the entry's rules, in one chunk instead of a
              // request for each. Only modules that import nothing else: the early script must run before
              // the app's own code has arrived.
              name: 'start',
              // Taken before `core`, whose modules' imports would otherwise pull these in with them.
              priority: 1,
              test: /src[\\/](views[\\/]ui[\\/]color|services[\\/](env|storage|stored-cart|consumer-request|early-replies)|domain[\\/](enums|client-type|api[\\/](store-limits|table-rules|envelope))|i18n[\\/]locale|machines[\\/]entry[\\/]entry\.(params|rules)|app[\\/]flows[\\/]first-reads)\./,
            },
            {
              // The icon set and the empty state that draws it, which most pages use together: one chunk
              // instead of two. Their own imports (the shell's icons, the styles) stay where they are, as
              // this chunk is only ever loaded after the shell.
              name: 'ui',
              includeDependenciesRecursively: false,
              test: /src[\\/]views[\\/]ui[\\/](icons|state-views)\.tsx$/,
            },
            {
              // Small rules and helpers the ordering pages share: one chunk instead of a request for each.
              name: 'order-shared',
              test: /src[\\/](domain[\\/]api[\\/]order-rules|domain[\\/]hours|i18n[\\/]currency|machines[\\/]cart[\\/]breakdown|views[\\/]order[\\/]breakdown-label|app[\\/]idempotency-key)/,
            },
          ],
        },
      },
    },
  },
});
