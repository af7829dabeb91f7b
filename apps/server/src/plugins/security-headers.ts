/**
 * Security headers on every answer (@fastify/helmet): nosniff, frame denial, referrer policy, COOP/CORP, HSTS
 * when PUBLIC_URL is https, and a CSP. API answers, files and errors get a CSP that allows nothing; each page
 * of the SPA gets one that allows exactly what that page loads: our own files, the inline boot script and
 * styles of index.html by hash, images from https (Tray-imported product photos) — and, on the card payment
 * pages only, Mercado Pago's SDK, Google reCAPTCHA and Pagar.me's tokenizer (docs/decisions/0015). Every API
 * answer that does not say otherwise (a signed document's own caching) is `Cache-Control: no-store`: orders,
 * contacts, addresses and the console's data stay out of browser and proxy caches (issue 39).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { inlineHashes, type InlineHashes } from '../lib/inline-hashes.ts';
import { pageFileOf, WEB_DIST } from './static-web.ts';

export { inlineHashes, type InlineHashes };

/** Third parties a page may load from, by what they do there. */
const MERCADO_PAGO = {
  script: ['https://sdk.mercadopago.com', 'https://http2.mlstatic.com'],
  connect: [
    'https://api.mercadopago.com',
    'https://api.mercadolibre.com',
    'https://events.mercadopago.com',
    'https://http2.mlstatic.com',
  ],
  frame: ['https://*.mercadopago.com', 'https://*.mercadolibre.com', 'https://*.mercadolivre.com'],
};
const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  connect: ['https://www.google.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};
const PAGARME = { script: [], connect: ['https://api.pagar.me'], frame: [] };

/** The SPA pages that load third-party scripts (both reached only by a full navigation from a chat link). */
const THIRD_PARTIES: Record<string, (typeof RECAPTCHA)[]> = {
  '/order/payment': [MERCADO_PAGO, RECAPTCHA, PAGARME],
  '/recaptcha': [RECAPTCHA],
};

/** The CSP of API answers, files, errors: nothing may load, nothing may frame it. */
const API_DIRECTIVES = {
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};

/** The CSP of the SPA page at `path`. */
export function pageCsp(path: string, hashes: InlineHashes, options: { https: boolean }): string {
  const parties = THIRD_PARTIES[path] ?? [];
  const from = (kind: 'script' | 'connect' | 'frame') => parties.flatMap((p) => p[kind]);
  const frames = from('frame');
  // The payment providers' widgets inject styles at run time: there the page allows inline styles.
  const styles = parties.length > 0 ? ["'unsafe-inline'"] : hashes.styles;
  const directives = [
    "default-src 'self'",
    `script-src ${["'self'", ...hashes.scripts, ...from('script')].join(' ')}`,
    "script-src-attr 'none'",
    `style-src ${["'self'", ...styles].join(' ')}`,
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...from('connect')].join(' ')}`,
    `frame-src ${frames.length ? frames.join(' ') : "'none'"}`,
    "worker-src 'none'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/** Helmet's options for this configuration. */
export function helmetOptions(config: Pick<Config, 'publicUrl'>): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: API_DIRECTIVES },
    // Product photos of Tray shops come from other origins.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The headers helmet sets, as a plain record: for answers written outside Fastify's hooks (framework refusals
 * and the HTTP parser's refusals, plugins/input-guard.ts).
 */
export function helmetHeaders(config: Pick<Config, 'publicUrl'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(helmetOptions(config))({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Inline hashes of HTML answers that are not index.html as built (the server's first views). */
const pageHashes = new WeakMap<object, InlineHashes>();

/** Declares the inline scripts and styles of the HTML this reply sends, for its CSP. */
export function useInlineHashes(reply: FastifyReply, hashes: InlineHashes): void {
  pageHashes.set(reply, hashes);
}

/** Registers helmet on every route and the per-page CSP on the SPA's HTML answers. */
export async function registerSecurityHeaders(app: FastifyInstance) {
  // The same options typed by @fastify/helmet's (CommonJS) copy of helmet's types.
  const options = { global: true, ...helmetOptions(app.config) } as unknown as FastifyHelmetOptions;
  await app.register(fastifyHelmet, options);
  const hashesOf = (file: string) =>
    existsSync(WEB_DIST + file)
      ? inlineHashes(readFileSync(WEB_DIST + file, 'utf8'))
      : { scripts: [], styles: [] };
  const fileHashes = { 'index.html': hashesOf('index.html'), 'console.html': hashesOf('console.html') };
  const https = app.config.publicUrl.startsWith('https://');
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !request.url.startsWith('/api/')) {
      const path = (request.url.split(/[?#]/)[0] ?? '/').replace(/(.)\/+$/, '$1');
      reply.header(
        'content-security-policy',
        pageCsp(path, pageHashes.get(reply) ?? fileHashes[pageFileOf(path)], { https }),
      );
    }
    return payload;
  });
}
