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
