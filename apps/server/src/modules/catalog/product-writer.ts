/**
 * The one writer of a shop's products (docs/architecture.md, decision 0031): the console's editor, bulk edits
 * and the spreadsheet import save through `saveProduct`. It compares the input with what is stored and writes
 * only the parts that differ, in one transaction, and says which parts those were (nothing: nothing written —
 * re-importing the same file changes nothing). The search document, facets and typo vocabulary follow through
 * the catalogue triggers (migration 0002). Images (`product_images`) are the photos editor's.
 */
import {
  slugify,
  variantCode,
  type ProductChange,
  type ProductInput,
  type ProductSaved,
} from '@vitrine/contracts/console-catalog';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { readProductInputs } from './product-input.ts';
import { sanitizeDescription } from './rich-text.ts';

/** create: the code must be new; update: it must exist; upsert: either (imports). */
export type SaveMode = 'create' | 'update' | 'upsert';

/** Saves one product in its own transaction. */
export function saveProduct(
  db: Db,
  shopId: string,
  input: ProductInput,
  mode: SaveMode,
): Promise<ProductSaved> {
  return db.transaction((tx) => saveProductIn(tx, shopId, input, mode));
}

/** Saves one product inside the caller's transaction (an import batch, a bulk edit with its audit entry). */
export async function saveProductIn(
  tx: Queryable,
  shopId: string,
  raw: ProductInput,
  mode: SaveMode,
): Promise<ProductSaved> {
  const input = normalised(raw);
  await tx.query('select id from products where shop_id = $1 and provider_id = $2 for update', [
    shopId,
    input.code,
  ]);
  const stored = (await readProductInputs(tx, shopId, [input.code])).get(input.code);
  if (stored && mode === 'create') throw new AppError('conflict', 'catalogCodeTaken', { code: input.code });
  if (!stored && mode === 'update') throw new AppError('notFound', 'catalogProductNotFound');
  const changes = stored ? changedParts(stored.input, input) : (['created'] as ProductChange[]);
  if (changes.length === 0) return { productId: stored!.id, code: input.code, changes };

  const productId = await writeProductRow(
    tx,
    shopId,
    input,
    await categoryIdOf(tx, shopId, input.categoryCode),
  );
  const all = changes.includes('created');
  if (all || changes.includes('attributes')) await writeAttributes(tx, shopId, productId, input);
  if (all || changes.includes('attributes') || changes.includes('variants'))
    await writeVariants(tx, shopId, productId, input);
  if (all || changes.includes('specifications')) await writeSpecifications(tx, shopId, productId, input);
  if (all || changes.includes('subscriptionOffers'))
    await writeSubscriptionOffers(tx, shopId, productId, input);
  return { productId, code: input.code, changes };
}

/** The input as it will be stored, so comparing it with the stored copy finds only real changes. */
function normalised(p: ProductInput): ProductInput {
  const offers = new Map(p.subscriptionOffers.map((o) => [`${o.recurrenceType}:${o.frequency}`, o]));
  const blank = (text: string | null) => (text === '' ? null : text);
  return {
    ...p,
    brandName: blank(p.brandName),
    sellerName: blank(p.sellerName),
    shippingRestrictionMessage: blank(p.shippingRestrictionMessage),
    offerDescription: blank(p.offerDescription),
    description: sanitizeDescription(p.description),
    amountInKilo: p.soldInKilo ? p.amountInKilo : null,
    kilogramPriceCents: p.soldInKilo ? p.kilogramPriceCents : null,
    subscriptionOffers: [...offers.values()].sort(
      (a, b) => a.recurrenceType - b.recurrenceType || a.frequency - b.frequency,
    ),
  };
}

const PARTS: Record<Exclude<ProductChange, 'created'>, (p: ProductInput) => unknown> = {
  price: (p) => [p.priceCents, p.listPriceCents, p.promotionalPriceCents, p.kilogramPriceCents],
  category: (p) => p.categoryCode,
  active: (p) => p.isActive,
  description: (p) => p.description,
  fields: (p) => [
    p.sku,
    p.name,
    p.brandName,
    p.sellerName,
    p.isRestrictedSale,
    p.hasShippingRestriction,
    p.shippingRestrictionMessage,
    p.soldInKilo,
    p.amountInKilo,
    p.clusterHighlights,
    p.offerDescription,
  ],
  attributes: (p) => p.attributes,
  variants: (p) =>
    p.variants.map((v) => [
      p.attributes.map((a) => [a.name, optionOf(v.options, a.name)]),
      v.sku,
      v.priceCents,
      v.promotionalPriceCents,
      v.isAvailable,
      v.imageUrl,
    ]),
  specifications: (p) => p.specifications,
  subscriptionOffers: (p) => p.subscriptionOffers,
};

/** The parts of `next` that differ from `stored`. */
export function changedParts(stored: ProductInput, next: ProductInput): ProductChange[] {
  return (Object.keys(PARTS) as (keyof typeof PARTS)[]).filter(
    (part) => JSON.stringify(PARTS[part](stored)) !== JSON.stringify(PARTS[part](next)),
  );
}

const optionOf = (options: Record<string, string>, attribute: string) =>
  Object.entries(options).find(([a]) => slugify(a) === slugify(attribute))?.[1] ?? null;

async function categoryIdOf(tx: Queryable, shopId: string, code: string | null): Promise<string | null> {
  if (code === null) return null;
  const [row] = await tx.query<{ id: string }>(
    'select id from categories where shop_id = $1 and provider_id = $2',
    [shopId, code],
  );
  if (!row) throw new AppError('unprocessable', 'catalogCategoryNotFound');
  return row.id;
}

async function writeProductRow(
  tx: Queryable,
  shopId: string,
  p: ProductInput,
  categoryId: string | null,
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into products (id, shop_id, provider_id, sku, name, description, brand_name, seller_name, category_id,
       price_cents, list_price_cents, promotional_price_cents, is_active, is_restricted_sale,
       has_shipping_restriction, shipping_restriction_message, sold_in_kilo, amount_in_kilo, kilogram_price_cents,
       cluster_highlights, offer_description)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20::jsonb, $21)
     on conflict (shop_id, provider_id) do update set
       sku = excluded.sku, name = excluded.name, description = excluded.description,
       brand_name = excluded.brand_name, seller_name = excluded.seller_name, category_id = excluded.category_id,
       price_cents = excluded.price_cents, list_price_cents = excluded.list_price_cents,
       promotional_price_cents = excluded.promotional_price_cents, is_active = excluded.is_active,
       is_restricted_sale = excluded.is_restricted_sale, has_shipping_restriction = excluded.has_shipping_restriction,
       shipping_restriction_message = excluded.shipping_restriction_message, sold_in_kilo = excluded.sold_in_kilo,
       amount_in_kilo = excluded.amount_in_kilo, kilogram_price_cents = excluded.kilogram_price_cents,
       cluster_highlights = excluded.cluster_highlights, offer_description = excluded.offer_description,
       updated_at = now()
     returning id`,
    [
      newId('prd'),
      shopId,
      p.code,
      p.sku,
      p.name,
      p.description,
      p.brandName,
      p.sellerName,
      categoryId,
      p.priceCents,
      p.listPriceCents,
      p.promotionalPriceCents,
      p.isActive,
      p.isRestrictedSale,
      p.hasShippingRestriction,
      p.shippingRestrictionMessage,
      p.soldInKilo,
      p.amountInKilo,
      p.kilogramPriceCents,
      JSON.stringify(p.clusterHighlights),
      p.offerDescription,
    ],
  );
  return row!.id;
}

const json = (rows: unknown[]) => JSON.stringify(rows);

/** Attributes and options matched by their codes (names' slugs); the ones no longer named are deleted. */
async function writeAttributes(tx: Queryable, shopId: string, productId: string, p: ProductInput) {
  const attributes = p.attributes.map((a, position) => ({
    id: newId('att'),
    provider_id: slugify(a.name),
    name: a.name,
    position,
  }));
  const codes = attributes.map((a) => a.provider_id);
  await tx.query(
    `delete from attribute_options where attribute_id in
       (select id from product_attributes where product_id = $1 and not (provider_id = any($2::text[])))`,
    [productId, codes],
  );
  await tx.query(
    'delete from product_attributes where product_id = $1 and not (provider_id = any($2::text[]))',
    [productId, codes],
  );
  await tx.query(
    `insert into product_attributes (id, shop_id, product_id, provider_id, name, position)
     select r.id, $1, $2, r.provider_id, r.name, r.position
       from jsonb_to_recordset($3::jsonb) as r(id text, provider_id text, name text, position int)
     on conflict (product_id, provider_id) do update set name = excluded.name, position = excluded.position
     where (product_attributes.name, product_attributes.position) is distinct from (excluded.name, excluded.position)`,
    [shopId, productId, json(attributes)],
  );
  const options = p.attributes.flatMap((a) =>
    a.options.map((o, position) => ({
      id: newId('opt'),
      attribute_code: slugify(a.name),
      provider_id: slugify(o.name),
      name: o.name,
      redirectable: o.redirectable,
      position,
    })),
  );
  await tx.query(
    `delete from attribute_options o using product_attributes a
      where a.id = o.attribute_id and a.product_id = $1
        and not (a.provider_id || ':' || o.provider_id = any($2::text[]))`,
    [productId, options.map((o) => `${o.attribute_code}:${o.provider_id}`)],
  );
  await tx.query(
    `insert into attribute_options (id, shop_id, attribute_id, provider_id, name, redirectable, position)
     select r.id, $1, a.id, r.provider_id, r.name, r.redirectable, r.position
       from jsonb_to_recordset($3::jsonb)
         as r(id text, attribute_code text, provider_id text, name text, redirectable boolean, position int)
       join product_attributes a on a.product_id = $2 and a.provider_id = r.attribute_code
     on conflict (attribute_id, provider_id) do update
       set name = excluded.name, redirectable = excluded.redirectable, position = excluded.position
     where (attribute_options.name, attribute_options.redirectable, attribute_options.position)
           is distinct from (excluded.name, excluded.redirectable, excluded.position)`,
    [shopId, productId, json(options)],
  );
}

/**
 * Variants matched by their options (an existing variant keeps its code, so order lines keep pointing at it);
 * new ones get `variantCode`. A variant no longer in the grid is deleted, or only made unavailable when an
 * order line points at it.
 */
async function writeVariants(tx: Queryable, shopId: string, productId: string, p: ProductInput) {
  const existing = await tx.query<{ provider_id: string; options: Record<string, string> }>(
    'select provider_id, options from product_variants where product_id = $1',
    [productId],
  );
  const key = (options: Record<string, string>) => JSON.stringify(Object.entries(options).sort());
  const codeByOptions = new Map(existing.map((v) => [key(v.options), v.provider_id]));
  const variants = p.variants.map((v, position) => {
    const options = Object.fromEntries(
      p.attributes.map((a) => [slugify(a.name), slugify(optionOf(v.options, a.name) ?? '')]),
    );
    return {
      id: newId('var'),
      provider_id: codeByOptions.get(key(options)) ?? variantCode(v.options, p.attributes),
      sku: v.sku,
      options,
      price_cents: v.priceCents,
      promotional_price_cents: v.promotionalPriceCents,
      image_url: v.imageUrl,
      is_available: v.isAvailable,
      position,
    };
  });
  await retireVariants(
    tx,
    [productId],
    variants.map((v) => `${productId}:${v.provider_id}`),
  );
  await tx.query(
    `insert into product_variants (id, shop_id, product_id, provider_id, sku, options, price_cents,
                                   promotional_price_cents, image_url, is_available, position)
     select r.id, $1, $2, r.provider_id, r.sku, r.options, r.price_cents, r.promotional_price_cents,
            r.image_url, r.is_available, r.position
       from jsonb_to_recordset($3::jsonb) as r(id text, provider_id text, sku text, options jsonb,
            price_cents int, promotional_price_cents int, image_url text, is_available boolean, position int)
     on conflict (product_id, provider_id) do update
       set sku = excluded.sku, options = excluded.options, price_cents = excluded.price_cents,
           promotional_price_cents = excluded.promotional_price_cents, image_url = excluded.image_url,
           is_available = excluded.is_available, position = excluded.position`,
    [shopId, productId, json(variants)],
  );
}

/**
 * The variants of `productIds` not in `keep` (`<product id>:<variant code>`) leave the grid: deleted, or only
 * made unavailable when an order line points at them.
 */
export async function retireVariants(tx: Queryable, productIds: string[], keep: string[]): Promise<void> {
  const stale = `product_id = any($1::text[]) and not (product_id || ':' || provider_id = any($2::text[]))`;
  await tx.query(
    `delete from product_variants v where ${stale} and not exists (select 1 from order_items i where i.variant_id = v.id)`,
    [productIds, keep],
  );
  await tx.query(`update product_variants set is_available = false where ${stale} and is_available`, [
    productIds,
    keep,
  ]);
}

async function writeSpecifications(tx: Queryable, shopId: string, productId: string, p: ProductInput) {
  await tx.query('delete from product_specifications where product_id = $1', [productId]);
  const rows = p.specifications.map((s, position) => ({
    id: newId('spc'),
    name: s.name,
    value: s.values,
    position,
  }));
  await tx.query(
    `insert into product_specifications (id, shop_id, product_id, name, value, position)
     select r.id, $1, $2, r.name, r.value, r.position
       from jsonb_to_recordset($3::jsonb) as r(id text, name text, value jsonb, position int)`,
    [shopId, productId, json(rows)],
  );
}

async function writeSubscriptionOffers(tx: Queryable, shopId: string, productId: string, p: ProductInput) {
  await tx.query('delete from subscription_offers where product_id = $1', [productId]);
  const offers = p.subscriptionOffers.map((o) => ({
    id: newId('sub'),
    recurrence_type: o.recurrenceType,
    frequency: o.frequency,
  }));
  await tx.query(
    `insert into subscription_offers (id, shop_id, product_id, recurrence_type, frequency)
     select r.id, $1, $2, r.recurrence_type, r.frequency
       from jsonb_to_recordset($3::jsonb) as r(id text, recurrence_type int, frequency int)`,
    [shopId, productId, json(offers)],
  );
}
