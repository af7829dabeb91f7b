import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { OutputBundle } from 'rolldown';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
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

/**
 * Writes `.br` and `.gz` next to every text asset of the build, at the highest levels: the server serves them
 * as they are (@fastify/static `preCompressed`), so a phone on 4G downloads ~30% of the bytes, at no CPU cost.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vitrine-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        );
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/** Page modules whose chunk the inline script of index.html preloads on their first route (see there). */
const FIRST_ROUTES: Record<'catalog' | 'product', string[]> = {
  // The customer footer's confirm button is a lazy chunk the first render asks for: fetched up front too.
  catalog: [
    'src/features/catalog/components/catalog-page.tsx',
    'src/components/order/confirm-order-button.tsx',
  ],
  product: ['src/features/product/components/product-page.tsx'],
};

/**
 * Two changes to the built index.html that save round trips on a first visit (docs/decisions/0013):
 * - the entry's own stylesheets (a few KB) are inlined: no render-blocking requests, two connections fewer
 *   competing with the shell on a 4G phone;
 * - the inline script gets, per first route, the page chunk, its static imports not already in the entry and
 *   their CSS, so it can preload them alongside the shell instead of after the shell has run.
 */
function firstRouteHints(): Plugin {
  /** The stylesheets of the entry and its static imports: inlined, so never to be fetched. */
  const entryCssOf = (bundle: OutputBundle): Set<string> => {
    const css = new Set<string>();
    const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
    if (entry?.type !== 'chunk') return css;
    for (const fileName of [entry.fileName, ...entry.imports]) {
      const chunk = bundle[fileName];
      if (chunk?.type === 'chunk') chunk.viteMetadata?.importedCss.forEach((file) => css.add(file));
    }
    return css;
  };
  return {
    name: 'vitrine-first-route-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        // Lazy chunks list the shell's CSS among the dependencies their import waits for. Once it is inlined,
        // Vite's preload helper would fetch it again (it looks for a <link rel=stylesheet>) and hold the page
        // chunk until it loads: name the shell's JS instead, which index.html already preloads (a no-op).
        const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
        const present = entry?.type === 'chunk' ? entry.imports.at(-1) : undefined;
        if (!present) return;
        const inlined = entryCssOf(bundle);
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          for (const css of inlined) chunk.code = chunk.code.replaceAll(`"${css}"`, `"${present}"`);
        }
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return html;
        const inEntry = new Set([entry.fileName, ...entry.imports]);
        const inlined = entryCssOf(bundle);
        const filesOf = (pages: string[]): string[] => {
          const files = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = bundle[fileName];
            if (!chunk || chunk.type !== 'chunk' || files.has(fileName) || inEntry.has(fileName)) return;
            files.add(fileName);
            for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
            chunk.imports.forEach(visit);
          };
          for (const page of pages) {
            const root = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(page));
            if (!root) throw new Error(`firstRouteHints: no chunk for ${page}`);
            visit(root.fileName);
          }
          return [...files].map((file) => `/${file}`);
        };
        const map = Object.fromEntries(
          Object.entries(FIRST_ROUTES).map(([route, pages]) => [route, filesOf(pages)]),
        );
        const placeholder = `'{"catalog":[],"product":[]}' /* route-chunks */`;
        if (!html.includes(placeholder)) throw new Error('firstRouteHints: route-chunks placeholder missing');
        // Inlined right after the critical CSS, ahead of the inline script: the page stylesheets that script adds
        // must come later in the cascade, as they do when Vite loads them with their chunk.
        const styles: string[] = [];
        const withoutLinks = html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">\s*/g,
          (tag, file: string) => {
            const css = bundle[file];
            if (!inlined.has(file) || css?.type !== 'asset') return tag;
            styles.push(`<style>${String(css.source)}</style>`);
            return '';
          },
        );
        const criticalEnd = withoutLinks.indexOf('</style>') + '</style>'.length;
        if (criticalEnd < '</style>'.length)
          throw new Error('firstRouteHints: no critical <style> in index.html');
        return (
          withoutLinks.slice(0, criticalEnd) +
          styles.join('') +
          withoutLinks.slice(criticalEnd).replace(placeholder, `'${JSON.stringify(map)}'`)
        );
      },
    },
  };
}

/** Dev server: console pages (`/console/…`, the demo mailbox) answer console.html, as the server does. */
function consolePages(): Plugin {
  return {
    name: 'vitrine-console-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (
          req.headers.accept?.includes('text/html') &&
          /^\/(console(\/|$|\?)|dev\/mailbox)/.test(req.url ?? '')
        )
          req.url = '/console.html';
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), firstRouteHints(), precompress(), consolePages()],
  resolve: {
    // wouter's hook comes from React itself (React 19 has it): the shim's React < 18 fallback stays out.
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Every route needs the shell (React, router, store, API client, shared formats): one chunk instead of
        // a dozen tiny shared ones, each paying its own request and gzip overhead on a 4G phone.
        advancedChunks: {
          groups: [
            {
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|zustand|use-sync-external-store)[\\/]|apps[\\/]web[\\/]src[\\/](app[\\/]|lib[\\/](api-client|prefetch|storage|theme)\.ts$)|stores[\\/](app-store|toast-store|order[\\/](add-to-cart|current-order|order-lines|confirm-rules))\.ts$|components[\\/](toast-region|skeleton|page-skeleton|status-message|error-boundary)\.tsx?$|contracts[\\/]src[\\/](enums|money|format|call-errors|stock)\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
