/**
 * Stored products in the shape the console edits (`ProductInput` of @vitrine/contracts/console-catalog): what the
 * editor opens, what an export writes, and what the writer compares a save with to know what changed.
 */
import type { ProductInput } from '@vitrine/contracts/console-catalog';
import type { Queryable } from '../../db/client.ts';
import { productJsonSql, type ProductJson } from './product-repository.ts';

export type StoredProduct = { id: string; input: ProductInput };

type Row = { product: ProductJson & { category_code: string | null } };

/** The shop's products with these codes (missing codes are absent from the map), read in one statement. */
export async function readProductInputs(
  db: Queryable,
  shopId: string,
  codes: string[],
): Promise<Map<string, StoredProduct>> {
  if (codes.length === 0) return new Map();
  const rows = await db.query<Row>(
    `select ${productJsonSql(
      `'category_code', (select c.provider_id from categories c where c.id = p.category_id)`,
    )} as product
       from products p where p.shop_id = $1 and p.provider_id = any($2::text[])`,
    [shopId, codes],
  );
  return new Map(
    rows.map(({ product }) => [product.provider_id, { id: product.id, input: toInput(product) }]),
  );
}

function toInput(p: Row['product']): ProductInput {
  const attributeName = new Map(p.attributes.map((a) => [a.providerId, a]));
  return {
    code: p.provider_id,
    sku: p.sku,
    name: p.name,
    description: p.description,
    brandName: p.brand_name,
    sellerName: p.seller_name,
    categoryCode: p.category_code,
    priceCents: p.price_cents,
    listPriceCents: p.list_price_cents,
    promotionalPriceCents: p.promotional_price_cents,
    isActive: p.is_active,
    isRestrictedSale: p.is_restricted_sale,
    hasShippingRestriction: p.has_shipping_restriction,
    shippingRestrictionMessage: p.shipping_restriction_message,
    soldInKilo: p.sold_in_kilo,
    amountInKilo: p.amount_in_kilo === null ? null : Number(p.amount_in_kilo),
    kilogramPriceCents: p.kilogram_price_cents,
    clusterHighlights: p.cluster_highlights,
    offerDescription: p.offer_description,
    specifications: p.specifications.map((s) => ({ name: s.name, values: s.value })),
    subscriptionOffers: p.subscriptions,
    attributes: p.attributes.map((a) => ({
      name: a.name,
      options: a.options.map((o) => ({ name: o.name, redirectable: o.redirectable })),
    })),
    variants: p.variants.map((v) => ({
      options: Object.fromEntries(
        Object.entries(v.options).map(([attribute, option]) => {
          const a = attributeName.get(attribute);
          return [a?.name ?? attribute, a?.options.find((o) => o.providerId === option)?.name ?? option];
        }),
      ),
      sku: v.sku,
      priceCents: v.price_cents,
      promotionalPriceCents: v.promotional_price_cents,
      isAvailable: v.is_available,
      imageUrl: v.image_url,
    })),
  };
}

/** A page of the shop's product codes in code order after `after` (null: from the start) — an export's walk. */
export async function productCodesAfter(
  db: Queryable,
  shopId: string,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db.query<{ provider_id: string }>(
    `select provider_id from products where shop_id = $1 and ($2::text is null or provider_id > $2::text)
      order by provider_id limit $3`,
    [shopId, after, limit],
  );
  return rows.map((r) => r.provider_id);
}
