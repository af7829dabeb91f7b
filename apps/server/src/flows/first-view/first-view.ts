/**
 * A shopper opens a chat link that names the shop (`/catalog?shop=<slug>#<code>`): the server answers with the
 * page already drawn from the shop-wide data the catalogue API serves (top sellers, tabs, product detail) —
 * nothing of the session, which the server never sees. Answers are kept per shop and page in the catalogue cache
 * (same TTL and invalidation as the API's shared answers, docs/decisions/0011) as compressed bytes, so a first
 * view costs about what a cached API call costs. docs/decisions/0019-first-view-html.md.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Category, PagedProducts } from '@vitrine/contracts/catalog';
import { linkCatalogQuery, type LinkCatalog } from '@vitrine/contracts/catalog-link';
import { formatBRL } from '@vitrine/contracts/money';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { inlineHashes, type InlineHashes } from '../../lib/inline-hashes.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import {
  getShopProductDetail,
  shopCategoryTabs,
  shopListing,
  shopTopSellers,
} from '../../modules/catalog/service.ts';
import { type ShopRow, findShopOfSlug, getShop, settingsOf } from '../../modules/shop/service.ts';
import { catalogPageHtml } from './catalog-html.ts';
import { productPageHtml } from './product-html.ts';
import { firstViewDocument, previewDocument, type FirstViewPage } from './document.ts';
import { escapeHtml, type ShopFace } from './markup.ts';
import { findCategory, openedCatalog, type OpenedCatalog } from './opened-catalog.ts';
import { catalogPreview, previewHead, productPreview, type PreviewShop } from './preview.ts';

/** The lines of the top bar's order-limits tooltip for an order with no delivery chosen yet (app/order-limits.ts). */
function limitLines(shop: ShopRow): string[] {
  const present = (value: number | null): value is number => value !== null && value > 0;
  const lines: string[] = [];
  if (present(shop.max_distinct_items)) lines.push(`Máximo de itens distintos: ${shop.max_distinct_items}`);
  if (present(shop.max_items)) lines.push(`Máximo de itens: ${shop.max_items}`);
  if (present(shop.min_order_value_cents))
    lines.push(`Valor mínimo do pedido: ${formatBRL(shop.min_order_value_cents)}`);
  return lines;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The first page of the catalogue, as the web app asks for it (`/api/catalog/top?pageNumber=0&perPage=10`). */
const FIRST_PAGE = { pageNumber: 0, perPage: 10 };
/** Top-level categories in the tab strip, as the web app asks for them (`perPage=50`). */
const TAB_CATEGORIES = 50;

export type FirstViewRequest =
  | { page: 'catalog'; slug: string; catalog?: LinkCatalog | null }
  | { page: 'products-found'; slug: string }
  | { page: 'product'; slug: string; productId: string };

/** One first view, ready to send: the document compressed both ways, its ETag and its inline hashes (CSP). */
export type FirstViewAnswer = { raw: Buffer; br: Buffer; gzip: Buffer; etag: string; hashes: InlineHashes };

export type FirstViewDeps = {
  db: Queryable;
  /** The reads of one shop's page (a read replica past the shop's last change, decision 0060); else `db`. */
  shopDb?: (shopId: string) => Queryable;
  cache: TtlCache<object>;
  tokenKey: Buffer;
  /** The web build (index.html and assets). */
  webDir: string;
  /** The public origin links and preview images are written with (config PUBLIC_URL). */
  publicUrl: string;
};

/** A page the server does not draw but whose link still previews: index.html with the tags in its head. */
type PreviewOnly = { route: null; title: string; preview: string };

/** The address of the shop's preview image (its logo on a 1200×630 JPEG); `v` changes with the logo and name. */
export function shopPreviewImage(
  publicUrl: string,
  shop: { slug: string; name: string; logo: string | null },
) {
  const version = createHash('sha256')
    .update(`${shop.logo ?? ''}\0${shop.name}`)
    .digest('base64url')
    .slice(0, 10);
  return `${publicUrl}/media/previews/shops/${encodeURIComponent(shop.slug)}.jpg?v=${version}`;
}

/** The name a link's choice shows: the search text, or the category's or collection's tab name. */
function choiceName(
  choice: LinkCatalog,
  opened: OpenedCatalog | null,
  categories: Category[],
): string | null {
  if (choice.type === 'ShowQuery') return choice.id;
  const id = opened?.listing.category.split(',').pop() ?? choice.id;
  return findCategory(categories, id)?.name ?? null;
}

async function pageOf(
  deps: FirstViewDeps,
  shopId: string,
  request: FirstViewRequest,
  channel: number | null,
): Promise<FirstViewPage | PreviewOnly | null> {
  const db = deps.shopDb?.(shopId) ?? deps.db;
  const shop = await getShop(db, shopId);
  const settings = settingsOf(shop);
  // The contact's channel may have its own colours and logo, as the web app picks them (pickShopStyle).
  const style =
    settings.channelSettings.find((entry) => entry.channelId === channel)?.style ?? settings.style;
  const face: ShopFace & { blockRestricted: boolean } = {
    slug: shop.slug,
    name: shop.name,
    logo: style.urlLogo,
    blockRestricted: settings.disableRestrictedProducts,
    limits: limitLines(shop),
  };
  const title = escapeHtml(shop.name);
  const previewShop: PreviewShop = {
    slug: shop.slug,
    name: shop.name,
    publicUrl: deps.publicUrl,
    logoImage: shopPreviewImage(deps.publicUrl, { ...shop, logo: settings.style.urlLogo }),
  };
  if (request.page === 'product') {
    const product = await getShopProductDetail(db, shopId, request.productId).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    });
    if (!product) return null;
    const preview = previewHead(productPreview(previewShop, product));
    const productTitle = `${escapeHtml(product.name)} — ${title}`;
    const body = productPageHtml({ shop: face, product, showSpecifications: settings.showSpecifications });
    return body
      ? { route: 'product', title: productTitle, style, catalog: null, body, preview }
      : { route: null, title: productTitle, preview };
  }
  const choice = request.page === 'catalog' ? (request.catalog ?? null) : null;
  const categories = await shopCategoryTabs(db, shopId, TAB_CATEGORIES);
  const opened = choice ? openedCatalog(choice, categories) : null;
  const name = choice ? choiceName(choice, opened, categories) : null;
  const preview = previewHead(catalogPreview(previewShop, choice && name ? { catalog: choice, name } : null));
  if (choice && !opened) return { route: null, title, preview };
  const listed =
    request.page !== 'catalog'
      ? null
      : opened
        ? await openedListing(deps, shopId, opened)
        : await shopTopSellers(db, deps.tokenKey, shopId, FIRST_PAGE);
  const products = listed ? listed.data.filter((p) => p.isActive || !settings.hiddenInactiveProducts) : null;
  // An empty or unknown listing is React's to show (its empty state may offer the whole shop's results).
  if (opened && !products?.length) return { route: null, title, preview };
  return {
    route: 'catalog',
    title,
    style,
    catalog: choice ? linkCatalogQuery(choice) : null,
    body: catalogPageHtml({ shop: face, categories, products, opened }),
    preview,
  };
}

/** The first page of the listing a link opens; null for an unknown category or collection (the API's 404). */
async function openedListing(
  deps: FirstViewDeps,
  shopId: string,
  opened: OpenedCatalog,
): Promise<PagedProducts | null> {
  return shopListing(
    deps.shopDb?.(shopId) ?? deps.db,
    deps.tokenKey,
    shopId,
    opened.listing,
    FIRST_PAGE,
  ).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
}

async function answerOf(page: FirstViewPage | PreviewOnly, webDir: string): Promise<FirstViewAnswer> {
  const html =
    page.route === null ? previewDocument(webDir, page.title, page.preview) : firstViewDocument(webDir, page);
  const raw = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
    gzipped(raw, { level: 9 }),
  ]);
  const etag = `"fv-${createHash('sha256').update(raw).digest('base64url').slice(0, 22)}"`;
  return { raw, br, gzip: gz, etag, hashes: inlineHashes(html) };
}

/**
 * The first view of a page of the shop named by `slug`, or null when there is none to give (unknown shop or
 * no web build): the caller then answers as before, with the plain index.html.
 */
export async function firstView(
  deps: FirstViewDeps,
  request: FirstViewRequest,
  channel: number | null = null,
): Promise<FirstViewAnswer | null> {
  const shop = (await deps.cache.getOrLoad(`slug|${request.slug}`, async () => {
    const row = await findShopOfSlug(deps.db, request.slug);
    return row ? { id: row.id } : null;
  })) as { id: string } | null;
  if (!shop) return null;
  const page =
    request.page === 'product'
      ? `product|${request.productId}`
      : request.page === 'catalog' && request.catalog
        ? `catalog|${linkCatalogQuery(request.catalog)}`
        : request.page;
  const key = `${shop.id}|first-view|${page}|${channel ?? ''}`;
  return (await deps.cache.getOrLoad(key, async () => {
    const page = await pageOf(deps, shop.id, request, channel);
    return page ? answerOf(page, deps.webDir) : null;
  })) as FirstViewAnswer | null;
}
