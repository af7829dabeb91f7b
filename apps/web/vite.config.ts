import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

/** The Node server (apps/server); in dev the SPA and the API still share one origin through this proxy. */
const SERVER = 'http://localhost:3000';

/**
 * `/tray` holds both server calls (`/tray/link-store…`) and SPA pages (`/tray/register…`): a browser
 * navigation (Accept: text/html) stays with Vite so the router renders the page; calls go to the server.
 */
const keepPageNavigations: ProxyOptions['bypass'] = (req) =>
  req.headers.accept?.includes('text/html') ? '/index.html' : undefined;

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: SERVER },
  '/media': { target: SERVER },
  '/healthz': { target: SERVER },
  '/tray': { target: SERVER, bypass: keepPageNavigations },
};

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
  },
  server: { proxy },
  preview: { proxy },
});
