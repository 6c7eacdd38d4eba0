// Vite for the console: root is console/, the build lands in <repo>/dist/console where the API serves it, and the
// dev server forwards /api to the API on 8080 so the console and the server share one origin as in production.
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const consoleRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: consoleRoot,
  plugins: [react()],
  build: {
    outDir: `${repoRoot}dist/console`,
    emptyOutDir: true,
    // The first-screen budget (200 KiB gzipped JS) is checked on the gzip sizes this build prints.
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
});
