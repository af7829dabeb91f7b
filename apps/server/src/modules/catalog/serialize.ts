import type { Category, Product } from '@vitrine/contracts/catalog';
import { centsToReais } from '@vitrine/contracts/money';
import type { ProductJson } from './product-repository.ts';

const reais = (cents: number) => centsToReais(cents);
const reaisOrNull = (cents: number | null) => (cents === null ? null : centsToReais(cents));

/** Effective price in centavos: the promotional price when set, else the list price. */
function effective(priceCents: number, promotionalCents: number | null): number {
  return promotionalCents ?? priceCents;
}

/**
 * The wire product of spec §3 (prices in reais). `minPrice`/`maxPrice` span the available variants
 * (all variants when none is available), or the product price when it has none.
 */
export function serializeProduct(row: ProductJson): Product {
  const dimensions = row.variants.map((v) => ({
    providerId: v.provider_id,
    map: v.options,
    image: v.image_url ? { url: v.image_url } : null,
    priceDefault: reais(v.price_cents),
    promotionalPrice: reaisOrNull(v.promotional_price_cents),
    sku: v.sku,
    isAvailable: v.is_available && (v.stock_left ?? 1) > 0,
    stockLeft: v.stock_left ?? null,
  }));
  const available = row.variants.filter((v) => v.is_available);
  const priced = (available.length ? available : row.variants).map((v) =>
    effective(v.price_cents, v.promotional_price_cents),
  );
  const price = effective(row.price_cents, row.promotional_price_cents);
  return {
    providerId: row.provider_id,
    name: row.name,
    description: row.description,
    brand: row.brand_name ? { name: row.brand_name } : null,
    sellerName: row.seller_name,
    images: row.images.map((url) => ({ url })),
    attributes: row.attributes,
    dimensions,
    currentDimension: null,
    variantImagesSrc: [...new Set(row.variants.flatMap((v) => (v.image_url ? [v.image_url] : [])))],
    sku: row.sku,
    price: reais(price),
    listPrice: reais(row.list_price_cents ?? row.price_cents),
    promotionalPrice: reaisOrNull(row.promotional_price_cents),
    minPrice: reais(priced.length ? Math.min(...priced) : price),
    maxPrice: reais(priced.length ? Math.max(...priced) : price),
    isActive: row.is_active,
    hasVariants: row.variants.length > 0,
    isRestrictedSale: row.is_restricted_sale,
    hasShippingRestriction: row.has_shipping_restriction,
    shippingRestrictionMessage: row.shipping_restriction_message,
    soldInKilo: row.sold_in_kilo,
    amountInKilo: row.amount_in_kilo === null ? null : Number(row.amount_in_kilo),
    kilogramPrice: reaisOrNull(row.kilogram_price_cents),
    clusterHighlights: row.cluster_highlights,
    offerDescription: row.offer_description,
    specification: row.specifications.map((s) => ({ name: s.name, value: s.value })),
    subscriptionOffers: row.subscriptions,
    stockLeft: row.variants.length ? null : (row.stock_left ?? null),
  };
}

export type CategoryRow = {
  id: string;
  provider_id: string;
  parent_id: string | null;
  name: string;
  description: string | null;
  /** hidden by the shop: left out of the tabs with everything under it */
  is_hidden?: boolean;
};

/** Nests category rows (already in display order) into the tree of spec §3; keeps the first `limit` roots. */
export function categoryTree(rows: CategoryRow[], shopId: string, limit: number): Category[] {
  const nodes = new Map<string, Category>();
  for (const row of rows) {
    if (row.is_hidden) continue;
    nodes.set(row.id, {
      providerId: row.provider_id,
      name: row.name,
      description: row.description,
      shopId,
      children: [],
    });
  }
  const roots: Category[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id);
    if (!node) continue;
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    if (parent) parent.children.push(node);
    else if (row.parent_id === null) roots.push(node);
  }
  return roots.slice(0, limit);
}
