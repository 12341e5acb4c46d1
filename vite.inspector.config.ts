// The flow inspector (/inspect/) is its own build: it never shares a chunk with the customer's app, so the
// app's budgets and its service worker's precache never see Mermaid (docs/decisions.md Q9). `npm run dev`
// serves the same page from the app's dev server at /inspect/ (inspect/index.html).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('./inspect', import.meta.url));

export default defineConfig({
  root,
  base: '/inspect/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist-inspect', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // Mermaid and its layout engines are large; this page is a developer's, loaded from the same machine.
    chunkSizeWarningLimit: 4096,
  },
});
