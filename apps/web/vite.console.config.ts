/**
 * The shop console's build (docs/decisions/0017): console.html and its chunks, built after the storefront into
 * the same dist (assets under assets/console/, its own manifest). A separate build shares no chunk with the
 * storefront, so nothing the console uses can grow the storefront's first route.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite.config.ts';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    manifest: '.vite/console-manifest.json',
    assetsDir: 'assets/console',
    target: 'es2022',
    rolldownOptions: { input: { console: 'console.html' } },
  },
});
