/**
 * The link preview images (decision 0054): a 1200×630 JPEG of at most 300 KB that WhatsApp, Facebook and Instagram
 * show above a shared link (`og:image`, preview.ts). Three kinds, each from our own images only (never a URL the
 * caller names, so this is no open proxy):
 * - `photos/<hash>.jpg`: an uploaded product photo, from its largest stored JPEG;
 * - `p/<slug>.jpg?bg=…&fg=…`: a generated placeholder (the demo shops' products), its SVG rasterised;
 * - `shops/<slug>.jpg`: the shop's logo (uploaded, or its generated wordmark) for catalogue links.
 * Rendered once and kept in an in-process cache (a viral link's crawler burst renders it once per instance); the
 * answer is cacheable by the crawler and any CDN.
 */
import type { Queryable } from '../../db/client.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { contrastOf, logoSvg, productSvg } from '../../modules/media/service.ts';
import { photoPreviewOf, renderPreview } from '../../modules/photos/service.ts';
import { findShopOfSlug, logoBytes, settingsOf } from '../../modules/shop/service.ts';

export type PreviewImageDeps = { db: Queryable; cache: TtlCache<{ bytes: Buffer }> };
export type PreviewKind = 'photos' | 'p' | 'shops';

const HEX = /^[0-9a-f]{6}$/i;
const SLUG_FILE = /^([a-z0-9-]{1,96})\.jpg$/;
const HASH_FILE = /^([0-9a-f]{32})\.jpg$/;
const DEFAULT_BG = 'e2e8f0';

/** A colour of the query: absent (undefined), a 6-hex value, or malformed (null). */
function colour(value: unknown): string | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' && HEX.test(value) ? value.toLowerCase() : null;
}

async function shopLogo(db: Queryable, slug: string): Promise<Buffer | null> {
  const shop = await findShopOfSlug(db, slug);
  if (!shop) return null;
  const logo = settingsOf(shop).style.urlLogo ?? '';
  const uploaded = /^\/media\/shop-logos\/([^/?#]+)$/.exec(logo);
  const bytes = uploaded ? await logoBytes(db, uploaded[1]!) : null;
  if (bytes) return renderPreview(bytes, { fit: 'logo', background: '#ffffff' });
  // A generated wordmark: the one the logo names, else the shop's own (an outside logo is not fetched).
  const generated = /^\/media\/logo\/([a-z0-9-]{1,96})\.svg$/.exec(logo)?.[1] ?? shop.slug;
  return renderPreview(Buffer.from(logoSvg(generated, undefined, undefined)), {
    fit: 'logo',
    background: '#ffffff',
  });
}

/** The preview JPEG named by `kind` and `file` (and the placeholder's colours), or null when there is none. */
export async function previewImage(
  deps: PreviewImageDeps,
  kind: PreviewKind,
  file: string,
  query: Record<string, unknown>,
): Promise<Buffer | null> {
  let key: string;
  let render: () => Promise<Buffer | null>;
  if (kind === 'photos') {
    const hash = HASH_FILE.exec(file)?.[1];
    if (!hash) return null;
    key = `photos|${hash}`;
    render = () => photoPreviewOf(deps.db, hash);
  } else {
    const slug = SLUG_FILE.exec(file)?.[1];
    if (!slug) return null;
    if (kind === 'shops') {
      // `?v=` only makes a new address for crawlers when the logo changes: any value is the same image, so it is
      // not part of the key (a stream of made-up versions renders nothing new).
      key = `shops|${slug}`;
      render = () => shopLogo(deps.db, slug);
    } else {
      const bg = colour(query.bg);
      const fg = colour(query.fg);
      if (bg === null || fg === null) return null;
      const back = bg ?? DEFAULT_BG;
      const fore = fg ?? contrastOf(back);
      key = `p|${slug}|${back}|${fore}`;
      render = () =>
        renderPreview(Buffer.from(productSvg(slug, back, fore)), { fit: 'photo', background: `#${back}` });
    }
  }
  const found = await deps.cache.getOrLoad(key, async () => {
    const bytes = await render();
    return bytes ? { bytes } : null;
  });
  return found?.bytes ?? null;
}
