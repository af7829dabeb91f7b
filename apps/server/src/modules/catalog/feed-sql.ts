/**
 * The catalogue as its feeds read it (decision 0054): a page of the shop's products in provider-id order (keyset,
 * over the `(shop_id, provider_id)` unique index, so the 100 000th product costs what the first does), each with
 * its first image, category, what is left in stock (read-only join of stock_levels, decision 0044) and its
 * variants with their option names; and the figures that change whenever a feed would (ETag, Last-Modified).
 */
import type { Queryable } from '../../db/client.ts';

export type FeedVariantRow = {
  provider_id: string;
  sku: string;
  /** The variant's option names in attribute order ('M / Azul'). */
  options: string | null;
  price_cents: number;
  promotional_price_cents: number | null;
  image_url: string | null;
  is_available: boolean;
  stock_left: number | null;
};

export type FeedProductRow = {
  provider_id: string;
  sku: string;
  name: string;
  description: string | null;
  brand_name: string | null;
  category: string | null;
  /** Google's product category of the product's category, else of the nearest category above it with one. */
  google_category: string | null;
  price_cents: number;
  list_price_cents: number | null;
  promotional_price_cents: number | null;
  is_active: boolean;
  sold_in_kilo: boolean;
  image_url: string | null;
  /** Left of a tracked product without backorder; null: unlimited (variants have their own). */
  stock_left: number | null;
  variants: FeedVariantRow[];
};

const stockLeft = (unit: string) => `(select case when s.track and not s.allow_backorder
      then coalesce((select l.available from stock_levels l where l.unit_id = ${unit}), 0) end
    from stock_settings s where s.product_id = p.id)`;

/** The Google category of `p`'s category or of the nearest one above it that has one (50 levels at most). */
const googleCategory = `(with recursive up (id, parent_id, google, depth) as (
      select c.id, c.parent_id, c.google_product_category, 0 from categories c where c.id = p.category_id
      union all
      select c.id, c.parent_id, c.google_product_category, up.depth + 1
        from categories c join up on c.id = up.parent_id
       where up.google is null and up.depth < 50)
    select google from up where google is not null limit 1)`;

/** Up to `limit` products of the shop after provider id `after` (null: from the start). */
export async function findFeedPage(
  db: Queryable,
  shopId: string,
  after: string | null,
  limit: number,
): Promise<FeedProductRow[]> {
  return db.query<FeedProductRow>(
    `select p.provider_id, p.sku, p.name, p.description, p.brand_name, c.name as category, p.price_cents,
            p.list_price_cents, p.promotional_price_cents, p.is_active, p.sold_in_kilo,
            (select i.url from product_images i where i.product_id = p.id order by i.position, i.id limit 1)
              as image_url,
            ${stockLeft('p.id')} as stock_left, ${googleCategory} as google_category,
            (select coalesce(json_agg(json_build_object('provider_id', v.provider_id, 'sku', v.sku,
                'options', (select string_agg(o.name, ' / ' order by a.position, a.id)
                              from product_attributes a
                              join attribute_options o on o.attribute_id = a.id
                                and o.provider_id = v.options ->> a.provider_id
                             where a.product_id = p.id),
                'price_cents', v.price_cents, 'promotional_price_cents', v.promotional_price_cents,
                'image_url', v.image_url, 'is_available', v.is_available, 'stock_left', ${stockLeft('v.id')})
                order by v.position, v.id), '[]')
               from product_variants v where v.product_id = p.id) as variants
       from products p
       left join categories c on c.id = p.category_id
      where p.shop_id = $1 and ($2::text is null or p.provider_id > $2)
      order by p.provider_id
      limit $3`,
    [shopId, after, limit],
  );
}

/**
 * What a feed's ETag and Last-Modified are made of: the products' count and latest change, the latest stock
 * movement and the images' count (a photo added or removed).
 */
export async function findFeedVersion(
  db: Queryable,
  shopId: string,
): Promise<{ products: number; changed_at: Date | null; movement: string | null; images: number }> {
  const [row] = await db.query<{
    products: number;
    changed_at: Date | null;
    movement: string | null;
    images: number;
  }>(
    `select (select count(*)::int from products where shop_id = $1) as products,
            greatest((select max(updated_at) from products where shop_id = $1),
                     (select max(created_at) from stock_movements where shop_id = $1)) as changed_at,
            (select max(id)::text from stock_movements where shop_id = $1) as movement,
            (select count(*)::int from product_images where shop_id = $1) as images`,
    [shopId],
  );
  return row!;
}
