/**
 * The one writer of a shop's products (docs/architecture.md, decision 0031): the console's editor, bulk edits
 * and the spreadsheet import save through `saveProduct`. It compares the input with what is stored and writes
 * only the parts that differ, in one transaction, and says which parts those were (nothing: nothing written —
 * re-importing the same file changes nothing). The search document, facets and typo vocabulary follow through
 * the catalogue triggers (migration 0002). Images (`product_images`) are the photos editor's.
 */
import type { ProductChange, ProductInput, ProductSaved } from '@vitrine/contracts/console-catalog';
import { descriptionText } from '@vitrine/contracts/description-text';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { readProductInputs } from './product-input.ts';
import { changedParts, normalised } from './product-diff.ts';
import { writeAttributes, writeVariants, type Target } from './variant-writer.ts';

/**
 * create: the code must be new; update: it must exist; upsert: either (imports);
 * 'sheet': an upsert from the catalogue spreadsheet, whose 'Descrição' is text (contracts' description-text.ts) —
 * a description whose text is the stored one's keeps the stored markup, so re-importing an export changes nothing.
 */
export type SaveMode = 'create' | 'update' | 'upsert' | 'sheet';

/** Saves one product in its own transaction. */
export function saveProduct(
  db: Db,
  shopId: string,
  input: ProductInput,
  mode: SaveMode,
): Promise<ProductSaved> {
  return db.transaction((tx) => saveProductIn(tx, shopId, input, mode));
}

/** Saves one product inside the caller's transaction (a bulk edit with its audit entry). */
export async function saveProductIn(
  tx: Queryable,
  shopId: string,
  raw: ProductInput,
  mode: SaveMode,
): Promise<ProductSaved> {
  return (await saveProductsIn(tx, shopId, [raw], mode))[0]!;
}

/**
 * Saves several products (distinct codes) inside the caller's transaction — an import batch: the same checks and
 * answers as one by one, but each table written by one statement for the whole batch, so the catalogue triggers
 * run once per statement rather than once per product.
 */
export async function saveProductsIn(
  tx: Queryable,
  shopId: string,
  raws: ProductInput[],
  mode: SaveMode,
): Promise<ProductSaved[]> {
  const inputs = raws.map(normalised);
  const codes = inputs.map((p) => p.code);
  if (new Set(codes).size !== codes.length) throw new RangeError('A batch names a product code twice');
  await tx.query(
    'select id from products where shop_id = $1 and provider_id = any($2::text[]) order by provider_id for update',
    [shopId, codes],
  );
  const stored = await readProductInputs(tx, shopId, codes);
  await assertSkusFree(tx, shopId, inputs);
  const saved = inputs.map((input): ProductSaved => {
    const before = stored.get(input.code);
    if (
      before &&
      mode === 'sheet' &&
      descriptionText(before.input.description) === descriptionText(input.description)
    )
      input.description = before.input.description;
    if (before && mode === 'create') throw new AppError('conflict', 'catalogCodeTaken', { code: input.code });
    if (!before && mode === 'update') throw new AppError('notFound', 'catalogProductNotFound');
    const changes = before ? changedParts(before.input, input) : (['created'] as ProductChange[]);
    return { productId: before?.id ?? '', code: input.code, changes };
  });
  const written = inputs.filter((_, i) => saved[i]!.changes.length > 0);
  if (written.length === 0) return saved;

  const ids = await writeProductRows(tx, shopId, written, await categoryIdsOf(tx, shopId, written));
  saved.forEach((s) => (s.productId = ids.get(s.code) ?? s.productId));
  const changesOf = new Map(saved.map((s) => [s.code, s.changes]));
  const needing = (...parts: ProductChange[]) =>
    written
      .filter((p) =>
        (['created', ...parts] as ProductChange[]).some((part) => changesOf.get(p.code)!.includes(part)),
      )
      .map((p) => ({ id: ids.get(p.code)!, p }));
  await writeAttributes(tx, shopId, needing('attributes'));
  await writeVariants(tx, shopId, needing('attributes', 'variants'));
  await writeSpecifications(tx, shopId, needing('specifications'));
  await writeSubscriptionOffers(tx, shopId, needing('subscriptionOffers'));
  return saved;
}

/**
 * 409 in pt-BR when a SKU of `inputs` is another product's: twice in the batch, or already used in the shop by a
 * product the batch does not hold (issue 38: SKUs are unique per shop).
 */
async function assertSkusFree(tx: Queryable, shopId: string, inputs: ProductInput[]) {
  const owners = new Map<string, string>();
  for (const p of inputs) {
    const other = owners.get(p.sku);
    if (other !== undefined && other !== p.code)
      throw new AppError('conflict', 'catalogSkuTaken', { sku: p.sku, code: other });
    owners.set(p.sku, p.code);
  }
  const [taken] = await tx.query<{ sku: string; provider_id: string }>(
    `select sku, provider_id from products
      where shop_id = $1 and sku = any($2::text[]) and not (provider_id = any($3::text[])) limit 1`,
    [shopId, [...owners.keys()], inputs.map((p) => p.code)],
  );
  if (taken) throw new AppError('conflict', 'catalogSkuTaken', { sku: taken.sku, code: taken.provider_id });
}

/** The category id of each product's category code; a code unknown in the shop refuses the save. */
async function categoryIdsOf(tx: Queryable, shopId: string, products: ProductInput[]) {
  const codes = [...new Set(products.map((p) => p.categoryCode).filter((c): c is string => c !== null))];
  const rows = codes.length
    ? await tx.query<{ id: string; provider_id: string }>(
        'select id, provider_id from categories where shop_id = $1 and provider_id = any($2::text[])',
        [shopId, codes],
      )
    : [];
  const ids = new Map(rows.map((r) => [r.provider_id, r.id]));
  if (codes.some((code) => !ids.has(code))) throw new AppError('unprocessable', 'catalogCategoryNotFound');
  return ids;
}

/** Inserts or updates the products' own rows; answers code → id. */
async function writeProductRows(
  tx: Queryable,
  shopId: string,
  products: ProductInput[],
  categoryIds: Map<string, string>,
): Promise<Map<string, string>> {
  const rows = products.map((p) => ({
    id: newId('prd'),
    provider_id: p.code,
    sku: p.sku,
    name: p.name,
    description: p.description,
    brand_name: p.brandName,
    seller_name: p.sellerName,
    category_id: p.categoryCode === null ? null : categoryIds.get(p.categoryCode)!,
    price_cents: p.priceCents,
    list_price_cents: p.listPriceCents,
    promotional_price_cents: p.promotionalPriceCents,
    is_active: p.isActive,
    is_restricted_sale: p.isRestrictedSale,
    has_shipping_restriction: p.hasShippingRestriction,
    shipping_restriction_message: p.shippingRestrictionMessage,
    sold_in_kilo: p.soldInKilo,
    amount_in_kilo: p.amountInKilo,
    kilogram_price_cents: p.kilogramPriceCents,
    cluster_highlights: p.clusterHighlights,
    offer_description: p.offerDescription,
  }));
  const saved = await tx.query<{ id: string; provider_id: string }>(
    `insert into products (id, shop_id, provider_id, sku, name, description, brand_name, seller_name, category_id,
       price_cents, list_price_cents, promotional_price_cents, is_active, is_restricted_sale,
       has_shipping_restriction, shipping_restriction_message, sold_in_kilo, amount_in_kilo, kilogram_price_cents,
       cluster_highlights, offer_description)
     select r.id, $1, r.provider_id, r.sku, r.name, r.description, r.brand_name, r.seller_name, r.category_id,
            r.price_cents, r.list_price_cents, r.promotional_price_cents, r.is_active, r.is_restricted_sale,
            r.has_shipping_restriction, r.shipping_restriction_message, r.sold_in_kilo, r.amount_in_kilo,
            r.kilogram_price_cents, r.cluster_highlights, r.offer_description
       from jsonb_to_recordset($2::jsonb) as r(id text, provider_id text, sku text, name text, description text,
            brand_name text, seller_name text, category_id text, price_cents int, list_price_cents int,
            promotional_price_cents int, is_active boolean, is_restricted_sale boolean,
            has_shipping_restriction boolean, shipping_restriction_message text, sold_in_kilo boolean,
            amount_in_kilo numeric, kilogram_price_cents int, cluster_highlights jsonb, offer_description text)
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
     returning id, provider_id`,
    [shopId, json(rows)],
  );
  return new Map(saved.map((r) => [r.provider_id, r.id]));
}

const json = (rows: unknown[]) => JSON.stringify(rows);

async function writeSpecifications(tx: Queryable, shopId: string, targets: Target[]) {
  if (targets.length === 0) return;
  await tx.query('delete from product_specifications where product_id = any($1::text[])', [
    targets.map((t) => t.id),
  ]);
  const rows = targets.flatMap(({ id, p }) =>
    p.specifications.map((s, position) => ({
      id: newId('spc'),
      product_id: id,
      name: s.name,
      value: s.values,
      position,
    })),
  );
  await tx.query(
    `insert into product_specifications (id, shop_id, product_id, name, value, position)
     select r.id, $1, r.product_id, r.name, r.value, r.position
       from jsonb_to_recordset($2::jsonb) as r(id text, product_id text, name text, value jsonb, position int)`,
    [shopId, json(rows)],
  );
}

async function writeSubscriptionOffers(tx: Queryable, shopId: string, targets: Target[]) {
  if (targets.length === 0) return;
  await tx.query('delete from subscription_offers where product_id = any($1::text[])', [
    targets.map((t) => t.id),
  ]);
  const offers = targets.flatMap(({ id, p }) =>
    p.subscriptionOffers.map((o) => ({
      id: newId('sub'),
      product_id: id,
      recurrence_type: o.recurrenceType,
      frequency: o.frequency,
    })),
  );
  await tx.query(
    `insert into subscription_offers (id, shop_id, product_id, recurrence_type, frequency)
     select r.id, $1, r.product_id, r.recurrence_type, r.frequency
       from jsonb_to_recordset($2::jsonb) as r(id text, product_id text, recurrence_type int, frequency int)`,
    [shopId, json(offers)],
  );
}
