/** Gift rules ('Brindes 01', 'Brindes 02', …): how they are stored and read, and which groups an order offers. */
import type { GiftGroup } from '@vitrine/contracts/order';
import type { Queryable } from '../../db/client.ts';
import type { OrderItemRow } from './line-repository.ts';

/** A product a gift rule gives away (active products only). */
export type GiftProduct = {
  product_id: string;
  provider_id: string;
  name: string;
  sku: string;
  seller_name: string | null;
  price_cents: number;
  image_url: string | null;
  has_shipping_restriction: boolean;
  sold_in_kilo: boolean;
};

/** A gift rule with its products, in display order. */
export type GiftRule = {
  id: string;
  name: string;
  min_order_cents: number;
  available_quantity: number;
  gifts: GiftProduct[];
};

/** SQL of one JSON array of the gift rules of shop `shopId` (an SQL expression), each with its active gifts. */
export const giftRulesJsonSql = (
  shopId: string,
) => `(select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name,
    'min_order_cents', r.min_order_cents, 'available_quantity', r.available_quantity,
    'gifts', (select coalesce(json_agg(json_build_object('product_id', p.id, 'provider_id', p.provider_id,
                'name', p.name, 'sku', p.sku, 'seller_name', p.seller_name, 'price_cents', p.price_cents,
                'has_shipping_restriction', p.has_shipping_restriction, 'sold_in_kilo', p.sold_in_kilo,
                'image_url', (select i.url from product_images i where i.product_id = p.id
                               order by i.position, i.id limit 1))
                order by gp.position, p.provider_id), '[]')
               from gift_rule_products gp join products p on p.id = gp.product_id
              where gp.rule_id = r.id and p.is_active))
    order by r.position, r.id), '[]')
   from gift_rules r
  where r.shop_id = ${shopId})`;

export type NewGiftRule = {
  id: string;
  shopId: string;
  name: string;
  minOrderCents: number;
  availableQuantity: number;
  position: number;
  productIds: string[];
};

/** Inserts a gift rule with its products (seeding and admin tooling). */
export async function insertGiftRule(tx: Queryable, rule: NewGiftRule): Promise<void> {
  await tx.query(
    `insert into gift_rules (id, shop_id, name, min_order_cents, available_quantity, position)
     values ($1, $2, $3, $4, $5, $6)`,
    [rule.id, rule.shopId, rule.name, rule.minOrderCents, rule.availableQuantity, rule.position],
  );
  for (const [position, productId] of rule.productIds.entries()) {
    await tx.query(
      `insert into gift_rule_products (rule_id, product_id, shop_id, position) values ($1, $2, $3, $4)`,
      [rule.id, productId, rule.shopId, position],
    );
  }
}

/** The rules whose minimum the items amount reaches: the gift groups the order offers. */
export function offeredRules(rules: GiftRule[], itemsCents: number): GiftRule[] {
  return rules.filter((rule) => itemsCents >= rule.min_order_cents);
}

/** Gift lines whose rule is no longer offered (the order dropped below its minimum): removed on the next change. */
export function staleGiftLines(rules: GiftRule[], items: OrderItemRow[], itemsCents: number): OrderItemRow[] {
  const offered = new Set(offeredRules(rules, itemsCents).map((rule) => rule.id));
  return items.filter(
    (item) => item.is_gift && (item.gift_rule_id === null || !offered.has(item.gift_rule_id)),
  );
}

/**
 * The gift groups of spec §3 for the offered rules: availableGifts by product providerId (id) and seller name,
 * selectedGifts with the order-line index of each selected gift.
 */
export function giftGroups(rules: GiftRule[], items: OrderItemRow[], itemsCents: number): GiftGroup[] {
  return offeredRules(rules, itemsCents).map((rule) => {
    const sellerOf = new Map(rule.gifts.map((gift) => [gift.product_id, gift.seller_name]));
    return {
      id: rule.id,
      availableQuantity: rule.available_quantity,
      availableGifts: rule.gifts.map((gift) => ({
        id: gift.provider_id,
        seller: gift.seller_name,
        name: gift.name,
        imageUrl: gift.image_url,
      })),
      selectedGifts: items
        .filter((item) => item.is_gift && item.gift_rule_id === rule.id)
        .map((item) => ({
          id: item.product_provider_id,
          seller: sellerOf.get(item.product_id) ?? null,
          index: item.line_index,
        })),
    };
  });
}

/** A gift rule as the console edits it: products by code with their names (inactive ones too). */
export type GiftRuleAdminRow = {
  id: string;
  name: string;
  min_order_cents: number;
  available_quantity: number;
  products: { code: string; name: string; price_cents: number; image_url: string | null; active: boolean }[];
};

/** The shop's gift rules by minimum, each with all its products in order; `id` narrows to one (locked). */
export async function listGiftRulesAdmin(db: Queryable, shopId: string, id: string | null = null) {
  if (id) await db.query('select id from gift_rules where shop_id = $1 and id = $2 for update', [shopId, id]);
  return db.query<GiftRuleAdminRow>(
    `select r.id, r.name, r.min_order_cents, r.available_quantity,
            (select coalesce(json_agg(json_build_object('code', p.provider_id, 'name', p.name,
                      'price_cents', p.price_cents, 'active', p.is_active,
                      'image_url', (select i.url from product_images i where i.product_id = p.id
                                     order by i.position, i.id limit 1))
                    order by gp.position, p.provider_id), '[]')
               from gift_rule_products gp join products p on p.id = gp.product_id
              where gp.rule_id = r.id) as products
       from gift_rules r
      where r.shop_id = $1 and ($2::text is null or r.id = $2)
      order by r.min_order_cents, r.position, r.id`,
    [shopId, id],
  );
}

/** Replaces a rule's fields and products (the console's edit). */
export async function updateGiftRule(tx: Queryable, rule: Omit<NewGiftRule, 'position'>): Promise<void> {
  await tx.query(
    `update gift_rules set name = $3, min_order_cents = $4, available_quantity = $5 where shop_id = $1 and id = $2`,
    [rule.shopId, rule.id, rule.name, rule.minOrderCents, rule.availableQuantity],
  );
  await tx.query('delete from gift_rule_products where shop_id = $1 and rule_id = $2', [
    rule.shopId,
    rule.id,
  ]);
  for (const [position, productId] of rule.productIds.entries()) {
    await tx.query(
      `insert into gift_rule_products (rule_id, product_id, shop_id, position) values ($1, $2, $3, $4)`,
      [rule.id, productId, rule.shopId, position],
    );
  }
}

/** The next position of a new rule of the shop. */
export async function nextGiftPosition(db: Queryable, shopId: string): Promise<number> {
  const [row] = await db.query<{ next: number }>(
    'select coalesce(max(position) + 1, 0)::int as next from gift_rules where shop_id = $1',
    [shopId],
  );
  return row?.next ?? 0;
}

/**
 * Deletes a rule no order line names; answers false when one does (a gift chosen in a cart or an order keeps
 * its rule).
 */
export async function deleteGiftRule(tx: Queryable, shopId: string, id: string): Promise<boolean> {
  const [used] = await tx.query('select 1 from order_items where gift_rule_id = $1 limit 1', [id]);
  if (used) return false;
  await tx.query('delete from gift_rule_products where shop_id = $1 and rule_id = $2', [shopId, id]);
  await tx.query('delete from gift_rules where shop_id = $1 and id = $2', [shopId, id]);
  return true;
}
