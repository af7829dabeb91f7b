/**
 * Tray's JSON → our types. The only place that knows Tray's conventions: decimal strings for money
 * ("199.90"), "0"/"1" flags, `0000-00-00` for "no date", Brasília wall-clock timestamps without a zone,
 * list responses as `{ paging, Products: [{ Product: {…} }] }`.
 */
import { z } from 'zod';
import { reaisToCents } from '@vitrine/contracts/money';
import { isImageUrl } from '@vitrine/contracts/image-url';
import { zonedInstant } from '@vitrine/contracts/shop-time';
import {
  TrayApiError,
  type TrayCategory,
  type TrayPage,
  type TrayProduct,
  type TrayProductPage,
  type TraySkippedProduct,
  type TrayTokens,
  type TrayVariant,
} from './tray-api.ts';
import { TRAY_TIME_ZONE, trayDay } from './tray-day.ts';

const scalar = z.union([z.string(), z.number(), z.boolean()]).nullish();
const text = z.union([z.string(), z.number()]).nullish();
const image = z.object({ http: z.string().nullish(), https: z.string().nullish() });

const tokens = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  date_expiration_access_token: z.string().min(1),
  date_expiration_refresh_token: z.string().min(1),
  store_id: text,
});

const paging = z.object({ total: text, page: text, limit: text });

const category = z.object({
  id: text,
  parent_id: text,
  name: z.string(),
  description: z.string().nullish(),
  small_description: z.string().nullish(),
  order: text,
});

const product = z.object({
  id: text,
  name: z.string(),
  description: z.string().nullish(),
  reference: text,
  ean: text,
  brand: z.string().nullish(),
  category_id: text,
  price: text,
  promotional_price: text,
  start_promotion: z.string().nullish(),
  end_promotion: z.string().nullish(),
  available: scalar,
  stock: text,
  /** the product's minimum stock in Tray's admin ('Estoque mínimo'): the low-stock alert's level */
  minimum_stock: text,
  has_variation: scalar,
  ProductImage: z.array(image).nullish(),
});

const variant = z.object({
  id: text,
  product_id: text,
  reference: text,
  ean: text,
  order: text,
  price: text,
  promotional_price: text,
  start_promotion: z.string().nullish(),
  end_promotion: z.string().nullish(),
  stock: text,
  Sku: z.array(z.object({ type: z.string(), value: z.union([z.string(), z.number()]) })).nullish(),
  VariantImage: z.array(image).nullish(),
});

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new TrayApiError('invalidResponse', `resposta inesperada da Tray (${what})`);
  return result.data;
}

const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value).trim());
const int = (value: unknown, fallback = 0): number => {
  const n = Number.parseInt(str(value), 10);
  return Number.isFinite(n) ? n : fallback;
};
const flag = (value: unknown): boolean => value === true || value === 1 || str(value) === '1';

/** Tray money ("199.90", 199.9) → centavos; null for empty. Exact: no float arithmetic on the amount. */
export function trayMoneyToCents(value: unknown): number | null {
  const s = str(value);
  if (s === '') return null;
  if (!/^\d{1,12}(\.\d+)?$/.test(s))
    throw new TrayApiError('invalidResponse', `valor monetário inválido: ${s}`);
  return reaisToCents(Number(s));
}

/** Tray timestamps are Brasília wall-clock time without a zone ("2026-03-21 15:00:00"). */
export function trayDate(value: string): Date {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(value.trim());
  const date = m ? zonedInstant(m[1]!, m[2]!, TRAY_TIME_ZONE) : new Date(value);
  if (Number.isNaN(date.getTime())) throw new TrayApiError('invalidResponse', `data inválida: ${value}`);
  return date;
}

const isDay = (value: string | null | undefined) =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && value > '0000-00-00';

/** The promotional price when a promotion is running on `now`'s day in São Paulo and beats the price. */
export function activePromotion(
  priceCents: number,
  promo: unknown,
  start: string | null | undefined,
  end: string | null | undefined,
  now: Date,
): number | null {
  const cents = trayMoneyToCents(promo);
  if (cents === null || cents <= 0 || cents >= priceCents) return null;
  const today = trayDay(now);
  if (isDay(start) && start! > today) return null;
  if (isDay(end) && end! < today) return null;
  return cents;
}

/** Tray's https address, or its http one made https; one neither of which passes the image rule is left out. */
const imageUrl = (i: z.infer<typeof image>) =>
  [str(i.https), str(i.http).replace(/^http:\/\//i, 'https://')].find(isImageUrl) ?? '';

export function parseTokens(body: unknown): TrayTokens {
  const t = parse(tokens, body, 'auth');
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    accessExpiresAt: trayDate(t.date_expiration_access_token),
    refreshExpiresAt: trayDate(t.date_expiration_refresh_token),
    storeId: str(t.store_id) || null,
  };
}

function toProduct(p: z.infer<typeof product>, now: Date): TrayProduct {
  const providerId = str(p.id);
  const priceCents = trayMoneyToCents(p.price) ?? 0;
  const categoryId = str(p.category_id);
  return {
    providerId,
    name: p.name.trim(),
    description: p.description?.trim() || null,
    sku: str(p.reference) || str(p.ean) || providerId,
    brandName: p.brand?.trim() || null,
    categoryProviderId: categoryId && categoryId !== '0' ? categoryId : null,
    priceCents,
    promotionalPriceCents: activePromotion(
      priceCents,
      p.promotional_price,
      p.start_promotion,
      p.end_promotion,
      now,
    ),
    available: flag(p.available),
    stock: Math.max(0, int(p.stock)),
    minimumStock: Math.max(0, int(p.minimum_stock)),
    hasVariation: flag(p.has_variation),
    images: p.ProductImage ? p.ProductImage.map(imageUrl).filter(Boolean) : null,
  };
}

function toVariant(v: z.infer<typeof variant>, now: Date): TrayVariant {
  const priceCents = trayMoneyToCents(v.price) ?? 0;
  const providerId = str(v.id);
  return {
    providerId,
    productProviderId: str(v.product_id),
    sku: str(v.reference) || str(v.ean) || providerId,
    priceCents,
    promotionalPriceCents: activePromotion(
      priceCents,
      v.promotional_price,
      v.start_promotion,
      v.end_promotion,
      now,
    ),
    stock: Math.max(0, int(v.stock)),
    options: (v.Sku ?? []).map((s) => ({ type: s.type.trim(), value: String(s.value).trim() })),
    imageUrl: v.VariantImage?.map(imageUrl).find(Boolean) ?? null,
    position: int(v.order),
  };
}

function toCategory(c: z.infer<typeof category>): TrayCategory {
  const parent = str(c.parent_id);
  return {
    providerId: str(c.id),
    parentProviderId: parent && parent !== '0' ? parent : null,
    name: c.name.trim(),
    description: c.small_description?.trim() || c.description?.trim() || null,
    position: int(c.order),
  };
}

/** A list response `{ paging, <Plural>: [{ <Singular>: {…} }] }`: its paging and its raw items. */
function pageOf(body: unknown, plural: string, singular: string): TrayPage<unknown> {
  const shape = z.object({
    paging: paging,
    [plural]: z.array(z.object({ [singular]: z.unknown() })).nullish(),
  });
  const page = parse(shape, body, plural) as Record<string, unknown> & { paging: z.infer<typeof paging> };
  const rows = (page[plural] as Record<string, unknown>[] | null | undefined) ?? [];
  return {
    items: rows.map((row) => row[singular]),
    page: int(page.paging.page, 1),
    total: int(page.paging.total),
    limit: int(page.paging.limit, 50),
  };
}

/** A list response mapped item by item; one malformed item fails the page. */
function parsePage<I, T>(
  body: unknown,
  plural: string,
  singular: string,
  item: z.ZodType<I>,
  map: (raw: I) => T,
): TrayPage<T> {
  const page = pageOf(body, plural, singular);
  return { ...page, items: page.items.map((raw) => map(parse(item, raw, plural))) };
}

/**
 * A product list page where a malformed product (fields of the wrong type, money or dates Tray should not
 * send) is left out and reported with its id and reason instead of failing the page.
 */
export function parseProductPage(body: unknown, now: Date): TrayProductPage {
  const page = pageOf(body, 'Products', 'Product');
  const items: TrayProduct[] = [];
  const skipped: TraySkippedProduct[] = [];
  for (const raw of page.items) {
    try {
      items.push(toProduct(parse(product, raw, 'Product'), now));
    } catch (error) {
      if (!(error instanceof TrayApiError)) throw error;
      skipped.push({ providerId: str((raw as { id?: unknown } | null)?.id) || '?', reason: error.message });
    }
  }
  return { ...page, items, skipped };
}

export const parseVariantPage = (body: unknown, now: Date) =>
  parsePage(body, 'Variants', 'Variant', variant, (v) => toVariant(v, now));
export const parseCategoryPage = (body: unknown) =>
  parsePage(body, 'Categories', 'Category', category, toCategory);
export const parseProduct = (body: unknown, now: Date) =>
  toProduct(parse(z.object({ Product: product }), body, 'product').Product, now);

/** Tray's `error_code` (1000, 1099…) from an error body, when present. */
export function trayErrorCode(body: unknown): number | null {
  const code = (body as { error_code?: unknown } | null)?.error_code;
  const n = Number(code);
  return code !== undefined && code !== null && Number.isInteger(n) ? n : null;
}
