import type { Order } from '@vitrine/contracts/order';
import { MAX_ORDER_LINES, type SelectGiftsBody } from '@vitrine/contracts/order-api';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionContext } from '../session/service.ts';
import type { GiftProduct, GiftRule } from './gift-rules.ts';
import { deleteLines, insertLine } from './cart-repository.ts';
import type { OrderItemRow } from './line-repository.ts';
import { itemsAmountCents } from './pricing.ts';
import { changeCurrentOrder, type OrderChange } from './change.ts';

/** The gifts a selection names, checked against the rule: 400 for duplicates, too many or unknown gifts. */
function chosenGifts(rule: GiftRule, body: SelectGiftsBody): GiftProduct[] {
  const ids = body.selectedGifts.map((gift) => gift.id);
  if (new Set(ids).size !== ids.length) throw new AppError('validation', 'giftDuplicated');
  if (ids.length > rule.available_quantity) {
    throw new AppError('validation', 'giftTooMany', { max: rule.available_quantity });
  }
  return body.selectedGifts.map((selected) => {
    const gift = rule.gifts.find(
      (g) => g.provider_id === selected.id && (selected.seller == null || selected.seller === g.seller_name),
    );
    if (!gift) throw new AppError('validation', 'giftNotFound');
    return gift;
  });
}

/** A gift line: quantity 1, the list price copied, promotional price 0, total 0. */
function insertGiftLine(change: OrderChange, rule: GiftRule, gift: GiftProduct): OrderItemRow {
  const fields = {
    id: newId('itm'),
    line_index: change.order.next_line_index,
    product_id: gift.product_id,
    variant_id: null,
    gift_rule_id: rule.id,
    sku: gift.sku,
    name: gift.name,
    image_url: gift.image_url,
    quantity: 1,
    unit_price_cents: gift.price_cents,
    promotional_price_cents: 0,
    total_cents: 0,
    is_gift: true,
    subscription: null,
    preferences: null,
    attributes: [],
    seller_id: null,
  };
  change.writes.push(insertLine({ ...fields, shop_id: change.shop.id, order_id: change.order.id }));
  change.order.next_line_index += 1;
  return {
    ...fields,
    product_provider_id: gift.provider_id,
    has_shipping_restriction: gift.has_shipping_restriction,
    sold_in_kilo: gift.sold_in_kilo,
    purchasable: true,
  };
}

/** Replaces the selection of one gift group on the locked order (see selectOrderGifts). */
function applyGifts(change: OrderChange, body: SelectGiftsBody): void {
  const rule = change.giftRules.find((r) => r.id === body.id);
  if (!rule) throw new AppError('validation', 'giftGroupNotFound');
  const gifts = chosenGifts(rule, body);
  const itemsCents = itemsAmountCents(change.items);
  if (gifts.length > 0 && itemsCents < rule.min_order_cents) {
    throw new AppError('unprocessable', 'giftGroupUnavailable');
  }
  const current = change.items.filter((item) => item.is_gift && item.gift_rule_id === rule.id);
  const kept = new Set(gifts.map((gift) => gift.product_id));
  const dropped = current.filter((item) => !kept.has(item.product_id));
  if (dropped.length)
    change.writes.push(
      deleteLines(
        change.order.id,
        dropped.map((item) => item.id),
      ),
    );
  change.items = change.items.filter((item) => !dropped.includes(item));

  const present = new Set(current.map((item) => item.product_id));
  for (const gift of gifts) {
    if (present.has(gift.product_id)) continue;
    if (change.items.length >= MAX_ORDER_LINES) {
      throw new AppError('unprocessable', 'orderLinesLimit', { max: MAX_ORDER_LINES });
    }
    change.items.push(insertGiftLine(change, rule, gift));
  }
}

/**
 * Replaces the full gift selection of one offered group (spec §7 `POST /api/order/gift/`): at most
 * availableQuantity distinct gifts of that group, each a free order line marked isGift. Gifts already selected
 * keep their line; an empty selection clears the group.
 */
export async function selectOrderGifts(
  db: Db,
  session: SessionContext,
  body: SelectGiftsBody,
): Promise<Order> {
  return changeCurrentOrder(db, session, (change) => applyGifts(change, body));
}
