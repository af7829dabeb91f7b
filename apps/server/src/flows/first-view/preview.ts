/**
 * What a link shows where it is pasted (issue 35, docs/decisions/0054-link-previews-and-catalogue-feeds.md): the Open Graph and Twitter
 * card tags a link crawler (WhatsApp's, Instagram's, Facebook's — none runs JavaScript) reads from the first-view
 * document's head, and for a product schema.org `Product` JSON-LD with its `Offer`. Everything here is the
 * shop's public face (name, price, photo, availability) — nothing of a session, which lives in the link's hash and
 * never reaches the server. Every text is escaped: product names and descriptions are the shop's own words.
 */
import { cardPrices } from '@vitrine/contracts/card-prices';
import type { Product } from '@vitrine/contracts/catalog';
import { linkCatalogQuery, type LinkCatalog } from '@vitrine/contracts/catalog-link';
import { formatReais } from '@vitrine/contracts/money';
import { escapeHtml } from './markup.ts';

/** Longest og:description written (WhatsApp shows two or three lines of it). */
const DESCRIPTION_MAX = 200;

export type LinkPreview = {
  type: 'product' | 'website';
  title: string;
  description: string;
  /** Absolute URL of the page without any session code, channel or hash. */
  url: string;
  siteName: string;
  /** Absolute URL of a JPEG preview (1200×630), or null when there is nothing to show. */
  image: string | null;
  imageAlt: string;
  /** A product's offer (JSON-LD `Offer`, og `product:` tags). */
  offer: {
    sku: string;
    /** What it costs now, in reais with two decimals ('12.90'). */
    price: string;
    inStock: boolean;
    brand: string | null;
    /** The product's own words for JSON-LD's description (no price). */
    description: string | null;
  } | null;
};

/** As rich-text.tsx: a description's text without tags, spaces collapsed. */
export function plainText(text: string): string {
  return text
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word with '…'. */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The page's address as shared: `{publicUrl}{path}?shop=<slug>[&…]`, never a code, channel or hash. */
export function previewUrl(
  publicUrl: string,
  path: string,
  slug: string,
  catalog: LinkCatalog | null = null,
) {
  const query = `shop=${encodeURIComponent(slug)}${catalog ? `&${linkCatalogQuery(catalog)}` : ''}`;
  return `${publicUrl}${path}?${query}`;
}

/**
 * The JPEG preview of one of our images (`imageUrl` as the catalogue stores it), absolute: an uploaded photo's
 * preview size, a generated placeholder's JPEG; an outside https image as it is; null for anything else.
 */
export function previewImageOf(publicUrl: string, imageUrl: string | null | undefined): string | null {
  if (!imageUrl) return null;
  const photo = /^\/media\/photos\/([0-9a-f]{32})-\d{3,4}\.jpg$/.exec(imageUrl);
  if (photo) return `${publicUrl}/media/previews/photos/${photo[1]}.jpg`;
  const placeholder = /^\/media\/p\/([a-z0-9-]{1,96})\.svg(\?[a-z0-9=&]*)?$/i.exec(imageUrl);
  if (placeholder) return `${publicUrl}/media/previews/p/${placeholder[1]}.jpg${placeholder[2] ?? ''}`;
  return /^https:\/\/[^\s"'<>]+$/.test(imageUrl) ? imageUrl : null;
}

/** Whether nothing of the product can be bought now: inactive, or every sellable unit out of stock. */
export function soldOut(product: Product): boolean {
  if (!product.isActive) return true;
  if (product.dimensions.length > 0)
    return product.dimensions.every((d) => !d.isAvailable || d.stockLeft === 0);
  return product.stockLeft === 0;
}

/** The price line a person reads, as the catalogue card shows it (cardPrices): 'R$ 12,90', 'De R$ 15,90 por
 * R$ 12,90', 'A partir de R$ 9,90' for variants of different prices. */
export function priceText(product: Product): { text: string; current: number } {
  const unit = product.soldInKilo ? '/kg' : '';
  const { minPrice, maxPrice } = product;
  if (product.dimensions.length > 0 && minPrice > 0 && minPrice < maxPrice)
    return { text: `A partir de ${formatReais(minPrice)}${unit}`, current: minPrice };
  const { current, previous } = cardPrices(product);
  return previous !== null
    ? { text: `De ${formatReais(previous)} por ${formatReais(current)}${unit}`, current }
    : { text: `${formatReais(current)}${unit}`, current };
}

export type PreviewShop = { slug: string; name: string; publicUrl: string; logoImage: string | null };

/** A product link's preview: name, price (promotion, 'Indisponível'), its first photo. */
export function productPreview(shop: PreviewShop, product: Product): LinkPreview {
  const price = priceText(product);
  const out = soldOut(product);
  const words = product.description ? plainText(product.description) : '';
  const head = `${price.text}${out ? ' · Indisponível' : ''}`;
  return {
    type: 'product',
    title: product.name,
    description: shortened(words ? `${head} · ${words}` : head, DESCRIPTION_MAX),
    url: previewUrl(shop.publicUrl, `/product/${encodeURIComponent(product.providerId)}`, shop.slug),
    siteName: shop.name,
    image: previewImageOf(shop.publicUrl, product.images[0]?.url) ?? shop.logoImage,
    imageAlt: product.name,
    offer: {
      sku: product.sku || product.providerId,
      price: price.current.toFixed(2),
      inStock: !out,
      brand: product.brand?.name ?? null,
      description: words ? shortened(words, 1000) : null,
    },
  };
}

/** A catalogue link's preview: the shop (its logo), or the category, collection or search the link opens. */
export function catalogPreview(
  shop: PreviewShop,
  opened: { catalog: LinkCatalog; name: string } | null,
): LinkPreview {
  const what = !opened
    ? null
    : opened.catalog.type === 'ShowQuery'
      ? `Busca por "${opened.name}"`
      : opened.name;
  return {
    type: 'website',
    title: what ? `${what} — ${shop.name}` : shop.name,
    description: what
      ? `Veja ${opened!.catalog.type === 'ShowQuery' ? 'os produtos encontrados' : 'os produtos'} da ${shop.name} e monte seu pedido pelo link.`
      : `Veja o catálogo da ${shop.name} e monte seu pedido pelo link.`,
    url: previewUrl(shop.publicUrl, '/catalog', shop.slug, opened?.catalog ?? null),
    siteName: shop.name,
    image: shop.logoImage,
    imageAlt: shop.name,
    offer: null,
  };
}

/** JSON inside `<script>`: nothing in it can close the element or start markup (`<`, `>`, `&` as \u escapes). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** schema.org Product with its Offer, for a product link. */
function productJsonLd(preview: LinkPreview): string {
  const offer = preview.offer!;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: preview.title,
    sku: offer.sku,
    ...(offer.description ? { description: offer.description } : {}),
    ...(preview.image ? { image: [preview.image] } : {}),
    ...(offer.brand ? { brand: { '@type': 'Brand', name: offer.brand } } : {}),
    offers: {
      '@type': 'Offer',
      url: preview.url,
      price: offer.price,
      priceCurrency: 'BRL',
      availability: `https://schema.org/${offer.inStock ? 'InStock' : 'OutOfStock'}`,
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: preview.siteName },
    },
  };
  return `<script type="application/ld+json">${scriptJson(data)}</script>`;
}

/** The `<head>` tags of a preview: Open Graph, Twitter card, description and, for a product, JSON-LD. */
export function previewHead(preview: LinkPreview): string {
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const og = (key: string, value: string) => meta('property', `og:${key}`, value);
  const twitter = (key: string, value: string) => meta('name', `twitter:${key}`, value);
  const tags = [
    meta('name', 'description', preview.description),
    og('type', preview.type),
    og('site_name', preview.siteName),
    og('locale', 'pt_BR'),
    og('title', preview.title),
    og('description', preview.description),
    og('url', preview.url),
    `<link rel="canonical" href="${escapeHtml(preview.url)}">`,
  ];
  if (preview.image) {
    tags.push(og('image', preview.image));
    if (preview.image.startsWith('https:')) tags.push(og('image:secure_url', preview.image));
    if (preview.image.includes('/media/previews/'))
      tags.push(og('image:type', 'image/jpeg'), og('image:width', '1200'), og('image:height', '630'));
    tags.push(og('image:alt', preview.imageAlt));
  }
  tags.push(
    twitter('card', preview.image ? 'summary_large_image' : 'summary'),
    twitter('title', preview.title),
    twitter('description', preview.description),
  );
  if (preview.image) tags.push(twitter('image', preview.image), twitter('image:alt', preview.imageAlt));
  if (preview.offer) {
    tags.push(
      meta('property', 'product:price:amount', preview.offer.price),
      meta('property', 'product:price:currency', 'BRL'),
      meta('property', 'product:availability', preview.offer.inStock ? 'in stock' : 'out of stock'),
      productJsonLd(preview),
    );
  }
  return tags.join('');
}
