/**
 * The storefront pages that can arrive already drawn: `/catalog`, `/products-found` and `/product/{id}` with
 * `?shop=<slug>` (docs/decisions/0019-first-view-html.md); `/catalog` also with the category, collection or search
 * the link opens (`&catalogType=…&catalogId=…`, decision 0028). Without a known shop (or for a product the server
 * does not draw) they answer index.html as every other page path does, so older links behave exactly as
 * before; without a web build, they are not found.
 */
import { existsSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { linkCatalogOf } from '@vitrine/contracts/catalog-link';
import { CHANNEL_BY_NAME, type ChannelName } from '@vitrine/contracts/enums';
import { firstView, type FirstViewRequest } from '../../flows/first-view/first-view.ts';
import { pageTokenKey } from '../../modules/catalog/service.ts';
import { useInlineHashes } from '../../plugins/security-headers.ts';
import { WEB_DIST } from '../../plugins/static-web.ts';

/** Longest slug read from a link; anything longer is no shop. */
const MAX_SLUG = 100;

const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;

function slugOf(request: FastifyRequest): string | null {
  const shop = queryOf(request).shop;
  return typeof shop === 'string' && shop.length > 0 && shop.length <= MAX_SLUG ? shop : null;
}

/** The contact's channel named by the link (`&channel=instagram`), whose style the page is drawn in; else null. */
function channelOf(request: FastifyRequest): number | null {
  const name = queryOf(request).channel;
  return typeof name === 'string' && Object.hasOwn(CHANNEL_BY_NAME, name)
    ? CHANNEL_BY_NAME[name as ChannelName]
    : null;
}

/** Picks br, then gzip, then identity, as the client accepts them. */
function encodingFor(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

export async function firstViewRoutes(app: FastifyInstance) {
  const built = existsSync(`${WEB_DIST}index.html`);
  const deps = {
    // Decision 0060: a first view names no caller and tolerates the replicas' lag, not a change it was told of.
    db: app.readDb,
    shopDb: app.readDbOfShop,
    cache: app.catalogCache,
    tokenKey: pageTokenKey(app.config.platformApiKey),
    webDir: WEB_DIST,
    publicUrl: app.config.publicUrl,
  };

  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    page: (slug: string) => FirstViewRequest,
  ) => {
    if (!built) return reply.callNotFound();
    const slug = slugOf(request);
    const view = slug ? await firstView(deps, page(slug), channelOf(request)) : null;
    reply.header('Cache-Control', 'no-cache');
    // A link naming a shop or product that does not exist: the web app still boots (and says so); a link
    // crawler sees a 404 and shows no preview.
    const named = typeof queryOf(request).shop === 'string' && queryOf(request).shop !== '';
    if (!view)
      return reply
        .code(named ? 404 : 200)
        .type('text/html')
        .sendFile('index.html');
    reply.header('Vary', 'Accept-Encoding').header('ETag', view.etag).type('text/html; charset=utf-8');
    useInlineHashes(reply, view.hashes);
    if (request.headers['if-none-match'] === view.etag) return reply.code(304).send();
    const encoding = encodingFor(request);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding === 'br' ? view.br : encoding === 'gzip' ? view.gzip : view.raw);
  };

  const hide = { schema: { hide: true } };
  // A link that opens a category, collection or search names it here too (`&catalogType=…&catalogId=…`).
  app.get('/catalog', hide, (request, reply) =>
    answer(request, reply, (slug) => {
      const { catalogType, catalogId } = queryOf(request);
      return { page: 'catalog', slug, catalog: linkCatalogOf(catalogType, catalogId) };
    }),
  );
  app.get('/products-found', hide, (request, reply) =>
    answer(request, reply, (slug) => ({ page: 'products-found', slug })),
  );
  app.get<{ Params: { id: string } }>('/product/:id', hide, (request, reply) =>
    answer(request, reply, (slug) => ({ page: 'product', slug, productId: request.params.id })),
  );
}
