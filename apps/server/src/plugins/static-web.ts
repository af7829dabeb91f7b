import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** Serves the built SPA: hashed assets cached for a year, every other page path answered with index.html. */
export async function registerStaticWeb(app: FastifyInstance): Promise<boolean> {
  if (!existsSync(WEB_DIST + 'index.html')) return false;
  await app.register(fastifyStatic, {
    root: WEB_DIST,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      const immutable = path.includes('/assets/');
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

/** The HTML file of a page path: the shop console (and the demo mailbox it shows) or the storefront. */
export function pageFileOf(url: string): 'console.html' | 'index.html' {
  return /^\/(console(\/|$|\?|#)|dev\/mailbox(\/|$|\?))/.test(url) ? 'console.html' : 'index.html';
}

/** True for requests the SPA should answer (page navigations), false for API, media and files. */
export function isPageRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0] ?? '';
  return (
    !/^\/(api|media|healthz|readyz|tray\/link-store)(\/|$)/.test(path) && !/\.[a-z0-9]{2,5}$/i.test(path)
  );
}
