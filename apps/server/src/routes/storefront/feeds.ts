/**
 * The shop's catalogue feeds as Meta Commerce Manager and Google Merchant Center fetch them (issue 35, decision
 * 0054): `GET /feeds/{shop}/{token}/meta.csv` and `…/google.xml`, the token the owner sees (and renews) in
 * Integrações. An unknown shop, a token that is not this shop's (another shop's included) or anything malformed
 * answers the same 404, before any product is read. Streamed from the database a page at a time; ETag and
 * Last-Modified let a fetcher skip a feed that has not changed (304).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  feedVersion,
  googleFeed,
  metaFeed,
  type FeedKind,
  type FeedShop,
} from '../../flows/integrations/catalog-feeds.ts';
import { findShopOfSlug, isFeedToken } from '../../modules/shop/service.ts';

type FeedRequest = FastifyRequest;

const SLUG = /^[a-z0-9-]{1,100}$/;
const FILES: Record<FeedKind, { file: string; type: string }> = {
  meta: { file: 'meta.csv', type: 'text/csv; charset=utf-8' },
  google: { file: 'google.xml', type: 'application/xml; charset=utf-8' },
};

export async function feedRoutes(app: FastifyInstance) {
  const shopOf = async (request: FeedRequest): Promise<{ shop: FeedShop; token: string } | null> => {
    const { shop: slug, token } = request.params as { shop: string; token: string };
    if (!SLUG.test(slug)) return null;
    const row = await findShopOfSlug(app.db, slug);
    if (!row || !(await isFeedToken(app.db, row.id, token))) return null;
    return { shop: { id: row.id, slug: row.slug, name: row.name, publicUrl: app.config.publicUrl }, token };
  };

  const answer = async (kind: FeedKind, request: FeedRequest, reply: FastifyReply) => {
    const found = await shopOf(request);
    if (!found) return reply.callNotFound();
    // The token is checked on the primary (a renewed one stops at once); the feed tolerates the replicas' lag.
    const db = app.readDbOfShop(found.shop.id);
    const { etag, lastModified } = await feedVersion(db, found.shop, kind, found.token);
    reply
      .header('ETag', etag)
      .header('Last-Modified', lastModified.toUTCString())
      .header('Cache-Control', 'private, no-cache')
      .header('X-Robots-Tag', 'noindex');
    const since = Date.parse(String(request.headers['if-modified-since'] ?? ''));
    const match = request.headers['if-none-match'];
    if (match ? match === etag : !Number.isNaN(since) && lastModified.getTime() <= since)
      return reply.code(304).send();
    reply.type(FILES[kind].type);
    return reply.send(kind === 'meta' ? metaFeed(db, found.shop) : googleFeed(db, found.shop));
  };

  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({
    shop: z.string().max(100).describe("The shop's slug"),
    token: z.string().max(64).describe("The shop's feed token (Integrações › 'Catálogo nos canais')"),
  });
  r.get(
    '/feeds/:shop/:token/meta.csv',
    {
      schema: {
        tags: ['feeds'],
        summary: "Meta catalogue feed (WhatsApp, Instagram, Facebook): CSV in Meta's columns, streamed",
        description:
          'Comma-separated, UTF-8, one row per product without variants or per variant (`item_group_id`: the ' +
          "product). `id` is the `product_retailer_id` WhatsApp sends back. 404 unless the token is the shop's. " +
          'ETag / Last-Modified: 304 when unchanged.',
        params,
        produces: ['text/csv'],
      },
    },
    (request, reply) => answer('meta', request, reply),
  );
  r.get(
    '/feeds/:shop/:token/google.xml',
    {
      schema: {
        tags: ['feeds'],
        summary: "Google Merchant Center feed: RSS 2.0 with Google's g: attributes, streamed",
        description:
          "The same items as the Meta feed. 404 unless the token is the shop's; 304 when unchanged.",
        params,
        produces: ['application/xml'],
      },
    },
    (request, reply) => answer('google', request, reply),
  );
}
