/**
 * Products as the catalogue reads them. One JSON object per product with everything the wire product needs: the row plus its images, attributes
 * and options, variants, specifications and subscription offers. Built in the same statement that picks
 * the page, with correlated subqueries on indexed product ids, so a page costs one round trip whatever its size.
 */
import type { Queryable } from '../../db/client.ts';

/** A product as the listing statements return it (snake_case row fields, nested arrays already shaped). */
export type ProductJson = {
  id: string;
  provider_id: string;
  sku: string;
  name: string;
  description: string | null;
  brand_name: string | null;
  seller_name: string | null;
  price_cents: number;
  list_price_cents: number | null;
  promotional_price_cents: number | null;
  is_active: boolean;
  is_restricted_sale: boolean;
  has_shipping_restriction: boolean;
  shipping_restriction_message: string | null;
  sold_in_kilo: boolean;
  amount_in_kilo: number | null;
  kilogram_price_cents: number | null;
  cluster_highlights: string[];
  offer_description: string | null;
  images: string[];
  attributes: {
    providerId: string;
    name: string;
    options: { providerId: string; name: string; redirectable: boolean }[];
  }[];
  variants: {
    provider_id: string;
    sku: string;
    options: Record<string, string>;
    price_cents: number;
    promotional_price_cents: number | null;
    image_url: string | null;
    is_available: boolean;
    /** What is left of a tracked variant without backorder (stock_levels, decision 0044); null: unlimited. */
    stock_left?: number | null;
  }[];
  /** What is left of a tracked product without variants and without backorder; null: unlimited. */
  stock_left?: number | null;
  specifications: { name: string; value: string[] }[];
  subscriptions: { recurrenceType: number; frequency: number }[];
  /** Sort key of the row in its listing (text), last element the product id. */
  keys?: string[];
};

/** What is left of unit `unit` of product `p` when tracked without backorder (read-only join, decision 0044). */
const stockLeft = (unit: string) => `(select case when s.track and not s.allow_backorder
      then coalesce((select l.available from stock_levels l where l.unit_id = ${unit}), 0) end
    from stock_settings s where s.product_id = p.id)`;

/** `json_build_object(…)` of product alias `p`; `extra` adds more `'key', value` pairs. */
export function productJsonSql(extra = ''): string {
  return `json_build_object(
    'id', p.id, 'provider_id', p.provider_id, 'sku', p.sku, 'name', p.name, 'description', p.description,
    'brand_name', p.brand_name, 'seller_name', p.seller_name, 'price_cents', p.price_cents,
    'list_price_cents', p.list_price_cents, 'promotional_price_cents', p.promotional_price_cents, 'is_active', p.is_active,
    'is_restricted_sale', p.is_restricted_sale, 'has_shipping_restriction', p.has_shipping_restriction,
    'shipping_restriction_message', p.shipping_restriction_message, 'sold_in_kilo', p.sold_in_kilo,
    'amount_in_kilo', p.amount_in_kilo, 'kilogram_price_cents', p.kilogram_price_cents,
    'cluster_highlights', p.cluster_highlights, 'offer_description', p.offer_description,
    'images', (select coalesce(json_agg(i.url order by i.position, i.id), '[]') from product_images i
                where i.product_id = p.id),
    'attributes', (select coalesce(json_agg(json_build_object('providerId', a.provider_id, 'name', a.name,
        'options', (select coalesce(json_agg(json_build_object('providerId', o.provider_id, 'name', o.name,
                      'redirectable', o.redirectable) order by o.position, o.id), '[]')
                      from attribute_options o where o.attribute_id = a.id))
        order by a.position, a.id), '[]') from product_attributes a where a.product_id = p.id),
    'variants', (select coalesce(json_agg(json_build_object('provider_id', v.provider_id, 'sku', v.sku,
        'options', v.options, 'price_cents', v.price_cents, 'promotional_price_cents', v.promotional_price_cents,
        'image_url', v.image_url, 'is_available', v.is_available, 'stock_left', ${stockLeft('v.id')})
        order by v.position, v.id), '[]')
        from product_variants v where v.product_id = p.id),
    'stock_left', ${stockLeft('p.id')},
    'specifications', (select coalesce(json_agg(json_build_object('name', s.name, 'value', s.value)
        order by s.position, s.id), '[]') from product_specifications s where s.product_id = p.id),
    'subscriptions', (select coalesce(json_agg(json_build_object('recurrenceType', so.recurrence_type,
        'frequency', so.frequency) order by so.recurrence_type, so.frequency), '[]')
        from subscription_offers so where so.product_id = p.id)${extra ? `,\n    ${extra}` : ''}
  )`;
}

/** A variant of the catalogue's product JSON plus its row id (order lines reference it). */
export type VariantRow = ProductJson['variants'][number] & { id: string };

/** One product with everything its detail page and an order line need (the catalogue's product JSON). */
export type ProductRow = Omit<ProductJson, 'variants'> & { variants: VariantRow[] };

// The catalogue's product object (same shape its listings serialise) plus variant providerId → row id.
const PRODUCT_SQL = `select ${productJsonSql(
  `'variant_ids', (select coalesce(json_object_agg(v.provider_id, v.id), '{}') from product_variants v
                    where v.product_id = p.id)`,
)} as product
  from products p
 where p.shop_id = $1 and p.provider_id = $2`;

type Raw = ProductJson & { variant_ids: Record<string, string> };

/** The shop's product with that provider id, with images, attributes, variants, specifications and offers. */
export async function findProductByProviderId(
  db: Queryable,
  shopId: string,
  providerId: string,
): Promise<ProductRow | null> {
  const [row] = await db.query<{ product: Raw }>(PRODUCT_SQL, [shopId, providerId]);
  if (!row) return null;
  const { variant_ids: ids, ...product } = row.product;
  return {
    ...product,
    amount_in_kilo: product.amount_in_kilo === null ? null : Number(product.amount_in_kilo),
    variants: product.variants.map((v) => ({ ...v, id: ids[v.provider_id] ?? '' })),
  };
}
