import { OrderStatus } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';
import type { CheckoutState } from './checkout-state.ts';
import type { ShopRow } from '../shop/service.ts';
import { giftRulesJsonSql, type GiftRule } from './gift-rules.ts';
import { orderItemsJsonSql, parseItems, type OrderItemRow } from './line-repository.ts';

/**
 * Who changes an order, as its live events say (`orders.changed_by`, migrations 0026, 0027): the transaction-local setting
 * `vitrine.actor`, set by the statements below that lock or write a session's order (and by the staff's moves).
 */
export type OrderActor = 'shopper' | 'agent' | 'staff';
/** A condition that is always true and sets the transaction's actor to parameter `$n` on the way. */
export const setsActor = (n: number) => `set_config('vitrine.actor', $${n}, true) <> ''`;

export type OrderRow = {
  id: string;
  shop_id: string;
  user_id: string;
  contact_id: string | null;
  channel_type: number;
  status: number;
  gateway: number;
  items_amount_cents: number;
  discount_cents: number;
  total_cents: number;
  version: number;
  next_line_index: number;
  is_in_semi_automatic: boolean;
  assistant_search_terms: string[];
  assistant_product_ids: string[];
  confirmed_at: Date | string | null;
  /** Agent checkout choices (modules/checkout) and the fees they add to the total. */
  checkout: CheckoutState;
  coupon_id: string | null;
  /** The shop's order number, given when the order is placed (migration 0021); null while open. */
  number?: number | null;
  /** The board's fulfilment step (modules/order/fulfilment.ts); null before the first. */
  fulfilment?: string | null;
};

const ORDER_COLUMNS = `o.id, o.shop_id, o.user_id, o.contact_id, o.channel_type, o.status, o.gateway, o.items_amount_cents,
  o.discount_cents, o.total_cents, o.version, o.next_line_index, o.is_in_semi_automatic, o.assistant_search_terms,
  o.assistant_product_ids, o.confirmed_at, o.checkout, o.coupon_id, o.number, o.fulfilment`;

const SHOP_COLUMNS = `json_build_object('id', s.id, 'slug', s.slug, 'name', s.name, 'settings', s.settings,
  'min_order_value_cents', s.min_order_value_cents, 'max_distinct_items', s.max_distinct_items,
  'max_items', s.max_items, 'time_zone', s.time_zone, 'order_edit_expiry_hours', s.order_edit_expiry_hours) as shop`;

export async function findCurrentOrder(
  db: Queryable,
  shopId: string,
  userId: string,
): Promise<OrderRow | null> {
  const [row] = await db.query<OrderRow>(
    `select ${ORDER_COLUMNS} from orders o where o.shop_id = $1 and o.user_id = $2 and o.status = ${OrderStatus.Creating}`,
    [shopId, userId],
  );
  return row ?? null;
}

/** Inserts the user's open order unless one exists (the partial unique index makes a duplicate impossible). */
export async function insertCurrentOrder(
  db: Queryable,
  order: { id: string; shopId: string; userId: string; contactId: string | null; channelType: number },
): Promise<void> {
  await db.query(
    `insert into orders (id, shop_id, user_id, contact_id, channel_type) values ($1, $2, $3, $4, $5)
     on conflict (shop_id, user_id) where status = ${OrderStatus.Creating} do nothing`,
    [order.id, order.shopId, order.userId, order.contactId, order.channelType],
  );
}

export type LockedOrder = { order: OrderRow; shop: ShopRow };

/**
 * Locks the user's current order row (`for update`) and reads it with its shop. The order is picked by id from
 * the open one, so a caller that waited for the lock while another transaction confirmed the order sees its new
 * status (PostgreSQL re-reads the locked row) rather than getting another order. Its lines are read afterwards,
 * in a later statement (or taken from caches.ts for the version read here), so they are never older than
 * the lock.
 */
export async function lockCurrentOrder(
  tx: Queryable,
  shopId: string,
  userId: string,
  actor: OrderActor,
): Promise<LockedOrder | null> {
  const [row] = await tx.query<OrderRow & { shop: ShopRow }>(
    `select ${ORDER_COLUMNS}, ${SHOP_COLUMNS}
       from orders o join shops s on s.id = o.shop_id
      where o.id = (select id from orders where shop_id = $1 and user_id = $2 and status = ${OrderStatus.Creating})
        and ${setsActor(3)}
        for update of o`,
    [shopId, userId, actor],
  );
  if (!row) return null;
  const { shop, ...order } = row;
  return { order, shop };
}

/**
 * Locks placed order `orderId` of the shop (`for update`) and reads it with its number and shop, setting the
 * transaction's actor (an edit of a confirmed order, edit.ts); null when the order is not the shop's or was never
 * placed.
 */
export async function lockPlacedOrder(
  tx: Queryable,
  shopId: string,
  orderId: string,
  actor: OrderActor,
): Promise<(LockedOrder & { order: OrderRow & { number: number } }) | null> {
  const [row] = await tx.query<OrderRow & { number: number; shop: ShopRow }>(
    `select ${ORDER_COLUMNS}, ${SHOP_COLUMNS}
       from orders o join shops s on s.id = o.shop_id
      where o.id = $1 and o.shop_id = $2 and o.confirmed_at is not null and ${setsActor(3)}
        for update of o`,
    [orderId, shopId, actor],
  );
  if (!row) return null;
  const { shop, ...order } = row;
  return { order, shop };
}

/** The order's lines and the shop's gift rules, in one statement. */
export async function findItemsAndGiftRules(
  tx: Queryable,
  orderId: string,
  shopId: string,
): Promise<{ items: OrderItemRow[]; giftRules: GiftRule[] }> {
  const [row] = await tx.query<{ items: OrderItemRow[]; rules: GiftRule[] }>(
    `select ${orderItemsJsonSql('$1')} as items, ${giftRulesJsonSql('$2')} as rules`,
    [orderId, shopId],
  );
  return { items: parseItems(row?.items ?? []), giftRules: row?.rules ?? [] };
}

/** The user's most recently confirmed order with its shop (what a retried confirm answers with). */
export async function findLatestConfirmedOrder(
  db: Queryable,
  shopId: string,
  userId: string,
): Promise<{ order: OrderRow; shop: ShopRow } | null> {
  const [row] = await db.query<OrderRow & { shop: ShopRow }>(
    `select ${ORDER_COLUMNS}, ${SHOP_COLUMNS}
       from orders o join shops s on s.id = o.shop_id
      where o.shop_id = $1 and o.user_id = $2 and o.confirmed_at is not null
      order by o.confirmed_at desc limit 1`,
    [shopId, userId],
  );
  if (!row) return null;
  const { shop, ...order } = row;
  return { order, shop };
}

/** Sets who makes the changes of the transaction `tx` (for a path that has no locking statement of its own). */
export async function setOrderActor(tx: Queryable, actor: OrderActor): Promise<void> {
  await tx.query(`select ${setsActor(1)}`, [actor]);
}

/** The user's order `orderId`, or null when the user has no such order in the shop. */
export async function findUserOrder(
  db: Queryable,
  shopId: string,
  userId: string,
  orderId: string,
): Promise<OrderRow | null> {
  const [row] = await db.query<OrderRow>(
    'select * from orders where id = $1 and shop_id = $2 and user_id = $3',
    [orderId, shopId, userId],
  );
  return row ?? null;
}

/** The id of the user's most recently updated order in `status`, or null. */
export async function findLatestOrderIdWithStatus(
  db: Queryable,
  shopId: string,
  userId: string,
  status: OrderStatus,
): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    'select id from orders where shop_id = $1 and user_id = $2 and status = $3 order by updated_at desc limit 1',
    [shopId, userId, status],
  );
  return row?.id ?? null;
}

/** The user's most recently confirmed order still in Received (the one awaiting payment), if any. */
export async function findOrderAwaitingPayment(
  db: Queryable,
  shopId: string,
  userId: string,
): Promise<OrderRow | null> {
  const [row] = await db.query<OrderRow>(
    `select * from orders where shop_id = $1 and user_id = $2 and status = $3
      order by confirmed_at desc nulls last, id desc limit 1`,
    [shopId, userId, OrderStatus.Received],
  );
  return row ?? null;
}

/**
 * The user's most recently confirmed order that was paid (Finalized on payment) and is not delivered yet: after an
 * edit raised its total it waits for the difference (issue 34).
 */
export async function findUndeliveredPaidOrder(
  db: Queryable,
  shopId: string,
  userId: string,
): Promise<OrderRow | null> {
  const [row] = await db.query<OrderRow>(
    `select * from orders where shop_id = $1 and user_id = $2 and status = $3
        and fulfilment is distinct from 'delivered'
      order by confirmed_at desc nulls last, id desc limit 1`,
    [shopId, userId, OrderStatus.Finalized],
  );
  return row ?? null;
}

/** The order row locked for update, when it belongs to the shop. */
export async function lockOrder(tx: Queryable, shopId: string, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx.query<OrderRow>('select * from orders where id = $1 and shop_id = $2 for update', [
    orderId,
    shopId,
  ]);
  return row ?? null;
}

export async function findShopOrder(
  db: Queryable,
  shopId: string,
  orderId: string,
): Promise<OrderRow | null> {
  const [row] = await db.query<OrderRow>('select * from orders where id = $1 and shop_id = $2', [
    orderId,
    shopId,
  ]);
  return row ?? null;
}

/** Clears the order's payment method (the shopper asked to change it); returns the updated row. */
export async function clearPaymentMethod(tx: Queryable, orderId: string): Promise<OrderRow> {
  const [row] = await tx.query<OrderRow>(
    `update orders set checkout = checkout || '{"paymentMethod": null}'::jsonb, version = version + 1,
       updated_at = now() where id = $1 returning *`,
    [orderId],
  );
  return row!;
}

/**
 * Sets the payment method (and the pay-on-delivery means) of a placed order ('Completar pedido', issue 38, on one
 * that had none; the contact's own choice on their catalogue order, decision 0062) and bumps its version.
 */
export async function setPlacedPaymentMethod(
  tx: Queryable,
  orderId: string,
  method: number,
  paymentOption: { providerId: string; group: string | null; cashAmountCents: number | null } | null,
): Promise<OrderRow> {
  const [row] = await tx.query<OrderRow>(
    `update orders set checkout = checkout || jsonb_build_object('paymentMethod', $2::int, 'paymentOption', $3::jsonb),
       version = version + 1, updated_at = now() where id = $1 returning *`,
    [orderId, method, paymentOption === null ? null : JSON.stringify(paymentOption)],
  );
  return row!;
}

/**
 * Replaces what the assistant suggests on the user's open order and bumps its version (the order's live event
 * tells open screens to re-read it). Answers false when the user has no open order at the moment.
 */
export async function saveAssistantSuggestions(
  db: Queryable,
  shopId: string,
  userId: string,
  suggestions: { productIds: string[]; searchTerms: string[] },
): Promise<boolean> {
  const rows = await db.query(
    `update orders set assistant_product_ids = $3::jsonb, assistant_search_terms = $4::jsonb,
            version = version + 1, updated_at = now()
      where shop_id = $1 and user_id = $2 and status = ${OrderStatus.Creating} returning id`,
    [shopId, userId, JSON.stringify(suggestions.productIds), JSON.stringify(suggestions.searchTerms)],
  );
  return rows.length > 0;
}

/** Hands the order to the bot's semi-automatic flow (true) or back to assisted sale. */
export async function saveSemiAutomatic(tx: Queryable, orderId: string, on: boolean): Promise<void> {
  await tx.query('update orders set is_in_semi_automatic = $2, updated_at = now() where id = $1', [
    orderId,
    on,
  ]);
}

/** The seller chosen on the user's open order, or null. */
export async function findOpenOrderSeller(
  db: Queryable,
  shopId: string,
  userId: string,
): Promise<string | null> {
  const [row] = await db.query<{ seller_id: string | null }>(
    `select checkout ->> 'sellerId' as seller_id from orders
      where shop_id = $1 and user_id = $2 and status = ${OrderStatus.Creating}`,
    [shopId, userId],
  );
  return row?.seller_id ?? null;
}

/** Forgets the channel's user id, search terms and (unless kept for invoices) the address of the contact's orders. */
export async function anonymiseContactOrders(
  tx: Queryable,
  shopId: string,
  contactId: string,
  keepInvoiceData: boolean,
): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `update orders set user_id = 'removido-' || contact_id, assistant_search_terms = '[]'::jsonb,
            checkout = case when $3 then checkout else checkout - 'address' - 'addressId' end
      where shop_id = $1 and contact_id = $2
      returning id`,
    [shopId, contactId, keepInvoiceData],
  );
  return rows.map((r) => r.id);
}
