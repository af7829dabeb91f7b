import type { Queryable } from '../client.ts';
import { newId } from '../../lib/ids.ts';
import { insertRows } from './insert.ts';
import type { SeedCategory, SeedCollection, SeedProduct, SeedShopHeader } from './types.ts';

const PRODUCT_COLUMNS = [
  'id',
  'shop_id',
  'provider_id',
  'sku',
  'name',
  'description',
  'brand_name',
  'seller_name',
  'category_id',
  'price_cents',
  'promotional_price_cents',
  'is_active',
  'is_restricted_sale',
  'has_shipping_restriction',
  'shipping_restriction_message',
  'sold_in_kilo',
  'amount_in_kilo',
  'kilogram_price_cents',
  'cluster_highlights',
  'offer_description',
  'ranking',
] as const;

/** Inserts the shop row unless its slug exists. Returns the new id, or null when the slug was taken. */
export async function insertShop(tx: Queryable, shop: SeedShopHeader): Promise<string | null> {
  const rows = await tx.query<{ id: string }>(
    `insert into shops (id, slug, name, settings, min_order_value_cents, max_distinct_items, max_items)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (slug) do nothing
     returning id`,
    [
      newId('shp'),
      shop.slug,
      shop.name,
      JSON.stringify(shop.settings),
      shop.minOrderValueCents,
      shop.maxDistinctItems,
      shop.maxItems,
    ],
  );
  return rows[0]?.id ?? null;
}

/** Inserts categories (parents listed before their children). Returns providerId → id. */
export async function insertCategories(
  tx: Queryable,
  shopId: string,
  categories: readonly SeedCategory[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const rows = categories.map((c) => {
    const id = newId('cat');
    ids.set(c.providerId, id);
    const parentId = c.parentProviderId === null ? null : ids.get(c.parentProviderId);
    if (parentId === undefined)
      throw new Error(`Categoria ${c.providerId}: pai ${c.parentProviderId} ausente`);
    return [id, shopId, c.providerId, parentId, c.name, c.description, c.position];
  });
  await insertRows(
    tx,
    'categories',
    ['id', 'shop_id', 'provider_id', 'parent_id', 'name', 'description', 'position'],
    rows,
  );
  return ids;
}

/**
 * Inserts products with their images, attributes, options, variants, specifications and subscription
 * offers. Returns providerId → id for the products written.
 */
export async function insertProducts(
  tx: Queryable,
  shopId: string,
  categoryIds: ReadonlyMap<string, string>,
  products: readonly SeedProduct[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const productRows: unknown[][] = [];
  const imageRows: unknown[][] = [];
  const attributeRows: unknown[][] = [];
  const optionRows: unknown[][] = [];
  const variantRows: unknown[][] = [];
  const specRows: unknown[][] = [];
  const subscriptionRows: unknown[][] = [];

  for (const p of products) {
    const id = newId('prd');
    ids.set(p.providerId, id);
    const categoryId = categoryIds.get(p.categoryProviderId);
    if (categoryId === undefined)
      throw new Error(`Produto ${p.providerId}: categoria ${p.categoryProviderId} ausente`);
    productRows.push([
      id,
      shopId,
      p.providerId,
      p.sku,
      p.name,
      p.description,
      p.brandName,
      p.sellerName,
      categoryId,
      p.priceCents,
      p.promotionalPriceCents,
      p.isActive,
      p.isRestrictedSale,
      p.shippingRestrictionMessage !== null,
      p.shippingRestrictionMessage,
      p.kilo !== null,
      p.kilo?.amountInKilo ?? null,
      p.kilo?.kilogramPriceCents ?? null,
      JSON.stringify(p.clusterHighlights),
      p.offerDescription,
      p.ranking,
    ]);
    p.images.forEach((url, position) => imageRows.push([newId('img'), shopId, id, url, position]));
    p.attributes.forEach((attribute, position) => {
      const attributeId = newId('att');
      attributeRows.push([attributeId, shopId, id, attribute.providerId, attribute.name, position]);
      attribute.options.forEach((o, optionPosition) =>
        optionRows.push([
          newId('opt'),
          shopId,
          attributeId,
          o.providerId,
          o.name,
          o.redirectable ?? false,
          optionPosition,
        ]),
      );
    });
    p.variants.forEach((v, position) =>
      variantRows.push([
        newId('var'),
        shopId,
        id,
        v.providerId,
        v.sku,
        JSON.stringify(v.options),
        v.priceCents,
        v.promotionalPriceCents,
        v.imageUrl,
        v.isAvailable,
        position,
      ]),
    );
    p.specifications.forEach((s, position) =>
      specRows.push([newId('spc'), shopId, id, s.name, JSON.stringify(s.value), position]),
    );
    for (const s of p.subscriptions) {
      subscriptionRows.push([newId('sub'), shopId, id, s.recurrenceType, s.frequency]);
    }
  }

  await insertRows(tx, 'products', PRODUCT_COLUMNS, productRows);
  await insertRows(tx, 'product_images', ['id', 'shop_id', 'product_id', 'url', 'position'], imageRows);
  await insertRows(
    tx,
    'product_attributes',
    ['id', 'shop_id', 'product_id', 'provider_id', 'name', 'position'],
    attributeRows,
  );
  await insertRows(
    tx,
    'attribute_options',
    ['id', 'shop_id', 'attribute_id', 'provider_id', 'name', 'redirectable', 'position'],
    optionRows,
  );
  await insertRows(
    tx,
    'product_variants',
    [
      'id',
      'shop_id',
      'product_id',
      'provider_id',
      'sku',
      'options',
      'price_cents',
      'promotional_price_cents',
      'image_url',
      'is_available',
      'position',
    ],
    variantRows,
  );
  await insertRows(
    tx,
    'product_specifications',
    ['id', 'shop_id', 'product_id', 'name', 'value', 'position'],
    specRows,
  );
  await insertRows(
    tx,
    'subscription_offers',
    ['id', 'shop_id', 'product_id', 'recurrence_type', 'frequency'],
    subscriptionRows,
  );
  return ids;
}

export async function insertCollections(
  tx: Queryable,
  shopId: string,
  productIds: ReadonlyMap<string, string>,
  collections: readonly SeedCollection[],
): Promise<void> {
  const collectionRows: unknown[][] = [];
  const memberRows: unknown[][] = [];
  collections.forEach((c, position) => {
    const id = newId('col');
    collectionRows.push([id, shopId, c.providerId, c.name, position]);
    c.productProviderIds.forEach((providerId, memberPosition) => {
      const productId = productIds.get(providerId);
      if (productId === undefined) throw new Error(`Coleção ${c.providerId}: produto ${providerId} ausente`);
      memberRows.push([id, productId, shopId, memberPosition]);
    });
  });
  await insertRows(tx, 'collections', ['id', 'shop_id', 'provider_id', 'name', 'position'], collectionRows);
  await insertRows(
    tx,
    'collection_products',
    ['collection_id', 'product_id', 'shop_id', 'position'],
    memberRows,
  );
}
