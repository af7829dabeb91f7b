import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { previewImage, type PreviewKind } from '../../flows/first-view/preview-image.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { contrastOf, logoSvg, productSvg } from '../../modules/media/service.ts';
import { photoFileOf } from '../../modules/photos/service.ts';
import { logoBytes } from '../../modules/shop/service.ts';

/** `<slug>.svg`: lowercase letters, digits and hyphens only (≤ 100 characters, Fastify's parameter limit). */
const FILE = /^([a-z0-9-]{1,96})\.svg$/;
const HEX = /^[0-9a-fA-F]{6}$/;
const DEFAULT_BG = 'e2e8f0';

const CACHE_FOREVER = 'public, max-age=31536000, immutable';
/** The SVG is an image, never a document: no scripts, no external loads, no sniffing. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

type MediaRequest = FastifyRequest<{ Params: { file?: string }; Querystring: Record<string, unknown> }>;
type Parsed = { slug: string; bg: string | undefined; fg: string | undefined };

function invalid(reply: FastifyReply) {
  return reply
    .code(400)
    .header('Cache-Control', 'no-store')
    .send({ success: false, data: null, errors: [{ code: 'invalidInput', message: 'Imagem inválida.' }] });
}

/** Validates `:file` and the optional `bg`/`fg` colours; null when anything is malformed. */
function parse(request: MediaRequest): Parsed | null {
  const match = FILE.exec(request.params.file ?? '');
  if (!match?.[1]) return null;
  const query = request.query ?? {};
  const colour = (key: 'bg' | 'fg'): string | undefined | null => {
    const value = query[key];
    if (value === undefined) return undefined;
    return typeof value === 'string' && HEX.test(value) ? value.toLowerCase() : null;
  };
  const bg = colour('bg');
  const fg = colour('fg');
  if (bg === null || fg === null) return null;
  return { slug: match[1], bg, fg };
}

function sendSvg(reply: FastifyReply, svg: string) {
  return reply
    .header('Content-Type', 'image/svg+xml')
    .header('Cache-Control', CACHE_FOREVER)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', SVG_CSP)
    .send(svg);
}

/**
 * Generated placeholder media, so the catalogue never depends on an external image host:
 * - `GET /media/p/:file?bg=RRGGBB&fg=RRGGBB` — product image (400×400) from the name slug;
 * - `GET /media/logo/:file` — shop wordmark (240×60) for `<shop-slug>.svg`;
 * - `GET /media/shop-logos/:file` — a logo uploaded in the console (`<id>.png`, normalised by the server);
 * - `GET /media/photos/:file` — a product photo's stored size (`<hash>-<width>.<webp|jpg>`, docs/decisions/0032);
 * - `GET /media/previews/{photos,p,shops}/:file` — a link preview JPEG, 1200×630 (`og:image`, docs/decisions/0054).
 */
export async function mediaRoutes(app: FastifyInstance) {
  app.get('/media/p/:file', { schema: { hide: true } }, async (request: MediaRequest, reply) => {
    const parsed = parse(request);
    if (!parsed) return invalid(reply);
    const bg = parsed.bg ?? DEFAULT_BG;
    return sendSvg(reply, productSvg(parsed.slug, bg, parsed.fg ?? contrastOf(bg)));
  });

  app.get('/media/logo/:file', { schema: { hide: true } }, async (request: MediaRequest, reply) => {
    const parsed = parse(request);
    if (!parsed) return invalid(reply);
    return sendSvg(reply, logoSvg(parsed.slug, parsed.bg, parsed.fg));
  });

  app.get('/media/shop-logos/:file', { schema: { hide: true } }, async (request: MediaRequest, reply) => {
    const bytes = await logoBytes(app.db, request.params.file ?? '');
    if (!bytes) return reply.callNotFound();
    return reply
      .header('Content-Type', 'image/png')
      .header('Cache-Control', CACHE_FOREVER)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', SVG_CSP)
      .send(bytes);
  });

  app.get('/media/photos/:file', { schema: { hide: true } }, async (request: MediaRequest, reply) => {
    const photo = await photoFileOf(app.db, request.params.file ?? '');
    if (!photo) return reply.callNotFound();
    return reply
      .header('Content-Type', photo.contentType)
      .header('Cache-Control', CACHE_FOREVER)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', SVG_CSP)
      .send(photo.bytes);
  });

  // Rendered previews, kept an hour (at most 64: ≤ 300 KB each) so a crawler burst renders each once.
  const previews = createTtlCache<{ bytes: Buffer }>({ max: 64, ttlMs: 3_600_000 });
  for (const kind of ['photos', 'p', 'shops'] as const satisfies readonly PreviewKind[]) {
    app.get(
      `/media/previews/${kind}/:file`,
      { schema: { hide: true } },
      async (request: MediaRequest, reply) => {
        const deps = { db: app.db, cache: previews };
        const bytes = await previewImage(deps, kind, request.params.file ?? '', request.query ?? {});
        if (!bytes) return reply.callNotFound();
        return reply
          .header('Content-Type', 'image/jpeg')
          .header('Cache-Control', 'public, max-age=86400')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', SVG_CSP)
          .send(bytes);
      },
    );
  }
}
