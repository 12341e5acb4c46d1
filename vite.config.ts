import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = process.env.PORT ?? '8080';

export default defineConfig({
  plugins: [react()],
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
