/**
 * The shop's catalogue feeds (issue 35, decision 0054): what Meta Commerce Manager (WhatsApp's catalogue,
 * Instagram Shopping) and Google Merchant Center read to list the shop's products. One entry per sellable unit —
 * a product without variants, or each variant grouped by `item_group_id` — with the id WhatsApp sends back as
 * `product_retailer_id` (the product's provider id; a variant's SKU, else `<product>-<variant>`). A product is
 * left out, with its reasons for the console, when it is inactive or has no photo, no price or no description
 * (both services refuse such items). Read a page at a time and written as the client reads, so a 100 000-product
 * shop answers in flat memory.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { CatalogFeeds, FeedGap } from '@vitrine/contracts/console-integrations';
import type { Db, Queryable } from '../../db/client.ts';
import { csvStream, type CsvRow } from '../../lib/csv.ts';
import { recordAudit, type Actor } from '../../modules/audit/service.ts';
import {
  findFeedPage,
  findFeedVersion,
  retailerIdOf,
  type FeedProductRow,
} from '../../modules/catalog/service.ts';
import { feedTokenOf, getShop, rotateFeedToken } from '../../modules/shop/service.ts';
import { plainText, previewImageOf, shortened } from '../first-view/preview.ts';

/** Products read per database round trip. */
export const FEED_PAGE = 500;
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;

export type FeedKind = 'meta' | 'google';

export type FeedItem = {
  id: string;
  title: string;
  description: string;
  inStock: boolean;
  /** '12.90 BRL' */
  price: string;
  salePrice: string | null;
  link: string;
  imageLink: string;
  brand: string;
  itemGroupId: string | null;
  productType: string | null;
  /** Google's product category (taxonomy id or path) set on the product's category; null when unknown. */
  googleCategory: string | null;
};

export type FeedShop = { id: string; slug: string; name: string; publicUrl: string };
export type FeedEntry =
  { item: FeedItem } | { leftOut: { providerId: string; name: string; gaps: FeedGap[] } };

const amount = (cents: number) => `${(cents / 100).toFixed(2)} BRL`;

/** The image a feed shows: an uploaded photo's largest JPEG, a placeholder's JPEG preview, an outside https URL. */
function imageLinkOf(publicUrl: string, url: string | null): string | null {
  const photo = url ? /^\/media\/photos\/([0-9a-f]{32})-\d{3,4}\.jpg$/.exec(url) : null;
  if (photo) return `${publicUrl}/media/photos/${photo[1]}-1200.jpg`;
  return previewImageOf(publicUrl, url);
}

/** Regular price and the price it sells for now (cents): the list price when higher, the promotion when lower. */
function prices(price: number, list: number | null, promo: number | null) {
  const current = promo !== null && promo > 0 && promo < price ? promo : price;
  const regular = Math.max(price, list ?? 0);
  return { regular, sale: current < regular ? current : null };
}

/** The feed entries of one product: its items, or why it is left out. */
export function entriesOf(shop: FeedShop, row: FeedProductRow): FeedEntry[] {
  const description = row.description ? shortened(plainText(row.description), DESCRIPTION_MAX) : '';
  const image = imageLinkOf(shop.publicUrl, row.image_url);
  const priced = row.variants.length ? row.variants.some((v) => v.price_cents > 0) : row.price_cents > 0;
  const gaps: FeedGap[] = [];
  if (!row.is_active) gaps.push('inactive');
  if (!image) gaps.push('photo');
  if (!priced) gaps.push('price');
  if (!description) gaps.push('description');
  if (gaps.length) return [{ leftOut: { providerId: row.provider_id, name: row.name, gaps } }];
  const link = `${shop.publicUrl}/product/${encodeURIComponent(row.provider_id)}?shop=${encodeURIComponent(shop.slug)}`;
  const base = {
    description,
    link,
    brand: row.brand_name?.trim() || shop.name,
    productType: row.category,
    googleCategory: row.google_category,
  };
  if (!row.variants.length) {
    const { regular, sale } = prices(row.price_cents, row.list_price_cents, row.promotional_price_cents);
    return [
      {
        item: {
          ...base,
          id: retailerIdOf(row.provider_id, null),
          title: shortened(row.name, TITLE_MAX),
          inStock: row.stock_left !== 0,
          price: amount(regular),
          salePrice: sale === null ? null : amount(sale),
          imageLink: image!,
          itemGroupId: null,
        },
      },
    ];
  }
  return row.variants
    .filter((v) => v.price_cents > 0)
    .map((v) => {
      const { regular, sale } = prices(v.price_cents, null, v.promotional_price_cents);
      return {
        item: {
          ...base,
          id: retailerIdOf(row.provider_id, v),
          title: shortened(v.options ? `${row.name} — ${v.options}` : row.name, TITLE_MAX),
          inStock: v.is_available && v.stock_left !== 0,
          price: amount(regular),
          salePrice: sale === null ? null : amount(sale),
          imageLink: imageLinkOf(shop.publicUrl, v.image_url) ?? image!,
          itemGroupId: row.provider_id,
        },
      };
    });
}

/** Every entry of the shop's catalogue, a page of products at a time. */
export async function* feedEntries(db: Queryable, shop: FeedShop): AsyncGenerator<FeedEntry> {
  let after: string | null = null;
  for (;;) {
    const page = await findFeedPage(db, shop.id, after, FEED_PAGE);
    for (const row of page) yield* entriesOf(shop, row);
    if (page.length < FEED_PAGE) return;
    after = page[page.length - 1]!.provider_id;
  }
}

async function* itemsOf(db: Queryable, shop: FeedShop): AsyncGenerator<FeedItem> {
  for await (const entry of feedEntries(db, shop)) if ('item' in entry) yield entry.item;
}

/** Meta's product catalogue columns (Commerce Manager › Data sources › Data feed). */
export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'link',
  'image_link',
  'brand',
  'item_group_id',
  'product_type',
  'google_product_category',
] as const;

function metaRow(item: FeedItem): CsvRow {
  return [
    item.id,
    item.title,
    item.description,
    item.inStock ? 'in stock' : 'out of stock',
    'new',
    item.price,
    item.salePrice ?? '',
    item.link,
    item.imageLink,
    item.brand,
    item.itemGroupId ?? '',
    item.productType ?? '',
    item.googleCategory ?? '',
  ];
}

/** The Meta feed as CSV (comma-separated, as Meta reads it), streamed. */
export function metaFeed(db: Queryable, shop: FeedShop): Readable {
  async function* rows() {
    for await (const item of itemsOf(db, shop)) yield metaRow(item);
  }
  return csvStream(META_COLUMNS, rows(), { delimiter: ',' });
}

/** Text for XML 1.0: escaped, and without the characters XML cannot carry (controls, lone surrogates). */
export function xmlText(text: string): string {
  return text
    .replace(
      // eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids are what is removed
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '',
    )
    .replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
    );
}

function googleItem(item: FeedItem): string {
  const tag = (name: string, value: string | null) =>
    value ? `<g:${name}>${xmlText(value)}</g:${name}>` : '';
  return `<item>${[
    tag('id', item.id),
    tag('title', item.title),
    tag('description', item.description),
    tag('link', item.link),
    tag('image_link', item.imageLink),
    tag('availability', item.inStock ? 'in_stock' : 'out_of_stock'),
    tag('price', item.price),
    tag('sale_price', item.salePrice),
    tag('condition', 'new'),
    tag('brand', item.brand),
    tag('item_group_id', item.itemGroupId),
    tag('product_type', item.productType),
    tag('google_product_category', item.googleCategory),
    tag('identifier_exists', 'no'),
  ].join('')}</item>\n`;
}

/** The Google Merchant Center feed: RSS 2.0 with Google's `g:` attributes, streamed. */
export function googleFeed(db: Queryable, shop: FeedShop): Readable {
  async function* chunks() {
    const catalog = `${shop.publicUrl}/catalog?shop=${encodeURIComponent(shop.slug)}`;
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n';
    yield `<title>${xmlText(shop.name)}</title>\n<link>${xmlText(catalog)}</link>\n<description>${xmlText(`Catálogo da ${shop.name}`)}</description>\n`;
    let batch = '';
    for await (const item of itemsOf(db, shop)) {
      batch += googleItem(item);
      if (batch.length > 64 * 1024) {
        yield batch;
        batch = '';
      }
    }
    yield `${batch}</channel>\n</rss>\n`;
  }
  return Readable.from(chunks());
}

/** The feed's ETag and Last-Modified: they change with the products, their stock and photos, and the address. */
export async function feedVersion(db: Queryable, shop: FeedShop, kind: FeedKind, token: string) {
  const version = await findFeedVersion(db, shop.id);
  const etag = `"feed-${createHash('sha256')
    .update(JSON.stringify([kind, token, shop.publicUrl, shop.name, version]))
    .digest('base64url')
    .slice(0, 22)}"`;
  const changed = version.changed_at ? new Date(version.changed_at) : new Date(0);
  changed.setMilliseconds(0);
  return { etag, lastModified: changed };
}

export type FeedSummary = {
  items: number;
  products: number;
  leftOut: { providerId: string; name: string; gaps: FeedGap[] }[];
  leftOutCount: number;
};

/** How many products and items the feeds list, and the products left out (the first `max`) with why. */
export async function feedSummary(db: Queryable, shop: FeedShop, max = 100): Promise<FeedSummary> {
  const summary: FeedSummary = { items: 0, products: 0, leftOut: [], leftOutCount: 0 };
  let last: string | null = null;
  for await (const entry of feedEntries(db, shop)) {
    if ('leftOut' in entry) {
      summary.leftOutCount += 1;
      if (summary.leftOut.length < max) summary.leftOut.push(entry.leftOut);
      continue;
    }
    summary.items += 1;
    const group = entry.item.itemGroupId ?? entry.item.id;
    if (group !== last) summary.products += 1;
    last = group;
  }
  return summary;
}

/** The feed addresses of a shop for its token. */
export function feedUrls(shop: FeedShop, token: string) {
  const base = `${shop.publicUrl}/feeds/${encodeURIComponent(shop.slug)}/${token}`;
  return { metaUrl: `${base}/meta.csv`, googleUrl: `${base}/google.xml` };
}

/** Integrações' feeds card: the addresses (the token made on first use) and what the feeds list and leave out. */
export async function catalogFeedsOf(db: Queryable, shop: FeedShop): Promise<CatalogFeeds> {
  const token = await feedTokenOf(db, shop.id);
  return { ...feedUrls(shop, token), ...(await feedSummary(db, shop)) };
}

/** 'Gerar novo endereço': a new token (the old addresses answer 404 from now on), audited. */
export async function renewFeedAddress(db: Db, actor: Actor, shop: FeedShop): Promise<CatalogFeeds> {
  await db.transaction(async (tx) => {
    await rotateFeedToken(tx, shop.id);
    await recordAudit(tx, shop.id, actor, 'feeds.renewed', null);
  });
  return catalogFeedsOf(db, shop);
}

/** The shop as its feeds name it. */
export async function feedShopOf(db: Queryable, publicUrl: string, shopId: string): Promise<FeedShop> {
  const shop = await getShop(db, shopId);
  return { id: shop.id, slug: shop.slug, name: shop.name, publicUrl };
}
