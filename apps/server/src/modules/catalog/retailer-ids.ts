/**
 * The id a sellable unit carries in the catalogue feeds (decision 0054) — Meta's `id`, which WhatsApp sends back as
 * `product_retailer_id` in order and product messages — and the way back from it to the shop's product or variant
 * (issue 35: orders placed from WhatsApp's own catalogue). One function mints the id; the way back reads the
 * candidates from the database and keeps those whose minted id is the one asked, so both always agree.
 */
import type { Queryable } from '../../db/client.ts';

/** A product without variants: its provider id; a variant: its SKU, else `<product>-<variant>`. */
export function retailerIdOf(
  productProviderId: string,
  variant: { sku: string; provider_id: string } | null,
): string {
  if (!variant) return productProviderId;
  return variant.sku.trim() || `${productProviderId}-${variant.provider_id}`;
}

/** What the cart needs to add a unit named by a retailer id: the product's code and the variant's choice. */
export type RetailerUnit = {
  providerId: string;
  name: string;
  /** A variant's SKU when it has one, else its options ({ attribute provider id: option provider id }). */
  sku: string | null;
  options: Record<string, string> | null;
};

type CandidateRow = {
  provider_id: string;
  name: string;
  variants: { provider_id: string; sku: string; options: Record<string, string> }[];
};

/** The shop's units named by `retailerIds` (those no unit carries are absent from the map). */
export async function findRetailerUnits(
  db: Queryable,
  shopId: string,
  retailerIds: string[],
): Promise<Map<string, RetailerUnit>> {
  const wanted = new Set(retailerIds);
  const rows = await db.query<CandidateRow>(
    `select p.provider_id, p.name,
            (select coalesce(json_agg(json_build_object('provider_id', v.provider_id, 'sku', v.sku,
                'options', v.options) order by v.position, v.id), '[]')
               from product_variants v where v.product_id = p.id) as variants
       from products p
      where p.shop_id = $1
        and (p.provider_id = any($2::text[])
             or exists (select 1 from product_variants v where v.product_id = p.id
                         and (trim(v.sku) = any($2::text[]) or p.provider_id || '-' || v.provider_id = any($2::text[]))))`,
    [shopId, [...wanted]],
  );
  const units = new Map<string, RetailerUnit>();
  for (const row of rows) {
    const add = (id: string, variant: CandidateRow['variants'][number] | null) => {
      if (!wanted.has(id) || units.has(id)) return;
      const sku = variant?.sku.trim() || null;
      const options = variant && !sku ? variant.options : null;
      units.set(id, { providerId: row.provider_id, name: row.name, sku, options });
    };
    if (!row.variants.length) add(retailerIdOf(row.provider_id, null), null);
    for (const variant of row.variants) add(retailerIdOf(row.provider_id, variant), variant);
  }
  return units;
}
