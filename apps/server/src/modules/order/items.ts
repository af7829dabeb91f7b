import { SessionType } from '@vitrine/contracts/enums';
import type { Order } from '@vitrine/contracts/order';
import { MAX_ORDER_LINES, type SetItemBody } from '@vitrine/contracts/order-api';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { ProductRow, VariantRow } from '../catalog/service.ts';
import { resolveVariant } from '../catalog/service.ts';
import type { SessionContext } from '../session/service.ts';
import { settingsOf } from '../shop/service.ts';
import { findProductForOrder } from './caches.ts';
import { deleteLines, insertLine, updateLine } from './cart-repository.ts';
import type { LineSnapshot, LineSubscription, OrderItemRow } from './line-repository.ts';
import { tablePriceCents, tablePriced } from './price-table.ts';
import { assertQuantity, lineTotalCents, MAX_AMOUNT_CENTS } from './pricing.ts';
import { changeCurrentOrder, type OrderChange } from './change.ts';

/** Identity of a non-gift line: product + variant + subscription (same key as the unique index). */
function lineKey(productId: string, variantId: string | null, subscription: LineSubscription | null): string {
  const sub = subscription ? `${subscription.recurrenceType}:${subscription.frequency}` : '';
  return `${productId}|${variantId ?? ''}|${sub}`;
}

const keyOf = (line: OrderItemRow) => lineKey(line.product_id, line.variant_id, line.subscription);

function sameSubscription(a: LineSubscription, b: LineSubscription): boolean {
  return a.recurrenceType === b.recurrenceType && a.frequency === b.frequency;
}

/** The catalogue facts a line copies when written: the variant's when there is one, else the product's. */
function snapshotOf(product: ProductRow, variant: VariantRow | null): LineSnapshot {
  return {
    sku: variant?.sku ?? product.sku,
    name: product.name,
    image_url: variant?.image_url ?? product.images[0] ?? null,
    unit_price_cents: variant?.price_cents ?? product.price_cents,
    promotional_price_cents: variant ? variant.promotional_price_cents : product.promotional_price_cents,
  };
}

/** The line's attributes: each option of its variant, with the option's redirectable flag. */
function attributesOf(product: ProductRow, variant: VariantRow | null): OrderItemRow['attributes'] {
  return Object.entries(variant?.options ?? {}).map(([providerId, optionProviderId]) => ({
    providerId,
    optionProviderId,
    redirectable:
      product.attributes
        .find((a) => a.providerId === providerId)
        ?.options.find((o) => o.providerId === optionProviderId)?.redirectable ?? false,
  }));
}

/** The line named by `index`: 404 when unknown, 422 for a gift, 400 when it holds another product. */
function lineAtIndex(change: OrderChange, body: SetItemBody, index: number): OrderItemRow | null {
  const line = change.items.find((item) => item.line_index === index);
  if (!line) {
    if (body.quantity === 0) return null; // already removed: a retried removal is a no-op
    throw new AppError('notFound', 'orderItemNotFound');
  }
  if (line.is_gift) throw new AppError('unprocessable', 'giftNotEditable');
  if (line.product_provider_id !== body.providerId)
    throw new AppError('validation', 'orderItemMismatch', { index });
  return line;
}

/** Who may buy `product` now: active, and restricted-sale only for agents when the shop disables it for contacts. */
function assertPurchasable(change: OrderChange, product: ProductRow): void {
  if (!product.is_active) throw new AppError('unprocessable', 'productInactive');
  const restricted = product.is_restricted_sale && settingsOf(change.shop).disableRestrictedProducts;
  if (restricted && change.session.sessionType !== SessionType.PlatformUser) {
    throw new AppError('forbidden', 'productRestricted');
  }
}

/** Applies one `POST /api/order/items/` body to the locked order (see setOrderItem; an edit's lines, edit.ts). */
export async function applyItem(change: OrderChange, body: SetItemBody): Promise<void> {
  const index = body.index ?? null;
  const byIndex = index === null ? null : lineAtIndex(change, body, index);
  if (index !== null && !byIndex) return;
  if (byIndex && body.quantity === 0) {
    change.writes.push(deleteLines(change.order.id, [byIndex.id]));
    change.items = change.items.filter((item) => item !== byIndex);
    return;
  }

  const product = await findProductForOrder(change.tx, change.shop.id, body.providerId);
  const choice = byIndex && !body.attributes?.length && !body.sku ? null : body;
  const variant = choice
    ? resolveVariant(product, choice, body.quantity > 0)
    : (product.variants.find((v) => v.id === byIndex?.variant_id) ?? null);
  const subscription =
    body.subscription === undefined && byIndex ? byIndex.subscription : (body.subscription ?? null);
  const key = lineKey(product.id, variant?.id ?? null, subscription);
  if (byIndex && keyOf(byIndex) !== key) {
    throw new AppError('validation', 'orderItemMismatch', { index: byIndex.line_index });
  }
  const line = byIndex ?? change.items.find((item) => !item.is_gift && keyOf(item) === key) ?? null;

  if (body.quantity === 0) {
    if (line) change.writes.push(deleteLines(change.order.id, [line.id]));
    change.items = change.items.filter((item) => item !== line);
    return;
  }
  assertPurchasable(change, product);
  if (variant && !variant.is_available) throw new AppError('unprocessable', 'variantUnavailable');
  if (subscription && !product.subscriptions.some((offer) => sameSubscription(offer, subscription))) {
    throw new AppError('validation', 'subscriptionUnavailable');
  }
  if (!(change.weighed && product.sold_in_kilo)) assertQuantity(body.quantity, product.sold_in_kilo);

  const table = change.order.checkout?.priceTableId;
  const snapshot = tablePriced(
    snapshotOf(product, variant),
    await tablePriceCents(change.tx, change.shop.id, table, product.id, variant?.id ?? null),
  );
  const total = lineTotalCents(snapshot.unit_price_cents, snapshot.promotional_price_cents, body.quantity);
  if (total > MAX_AMOUNT_CENTS) throw new AppError('unprocessable', 'orderAmountLimit');
  const written = { ...snapshot, quantity: body.quantity, total_cents: total };

  if (line) {
    const preferences = body.preferences === undefined ? line.preferences : body.preferences;
    change.writes.push(updateLine(line.id, { ...written, preferences }));
    Object.assign(line, written, { preferences, purchasable: true, ...stockOf(product, variant) });
    return;
  }
  if (change.items.length >= MAX_ORDER_LINES) {
    throw new AppError('unprocessable', 'orderLinesLimit', { max: MAX_ORDER_LINES });
  }
  const fields = {
    ...written,
    id: newId('itm'),
    line_index: change.order.next_line_index,
    product_id: product.id,
    variant_id: variant?.id ?? null,
    gift_rule_id: null,
    is_gift: false,
    subscription: subscription && {
      recurrenceType: subscription.recurrenceType,
      frequency: subscription.frequency,
    },
    preferences: body.preferences ?? null,
    attributes: attributesOf(product, variant),
    seller_id: null,
  };
  change.writes.push(insertLine({ ...fields, shop_id: change.shop.id, order_id: change.order.id }));
  change.order.next_line_index += 1;
  change.items.push({
    ...fields,
    product_provider_id: product.provider_id,
    has_shipping_restriction: product.has_shipping_restriction,
    sold_in_kilo: product.sold_in_kilo,
    purchasable: true,
    ...stockOf(product, variant),
  });
}

/** What is left of the line's unit as the catalogue read it (decision 0044): the cart flags a line beyond it. */
function stockOf(product: ProductRow, variant: VariantRow | null) {
  return {
    stock_left: (variant ? variant.stock_left : product.stock_left) ?? null,
    amount_in_kilo: product.amount_in_kilo,
  };
}

/**
 * Sets one line of the session's current order to an absolute quantity (spec §7 `POST /api/order/items/`).
 * The line is named by `index`, else by product + variant (attributes or SKU) + subscription; 0 removes it, a
 * new line takes the next index. The line copies name, SKU, image and prices from the catalogue on every write
 * (the price from the order's price table when one is chosen and has the product, see price-table.ts).
 */
export async function setOrderItem(db: Db, session: SessionContext, body: SetItemBody): Promise<Order> {
  return changeCurrentOrder(db, session, (change) => applyItem(change, body), { optimistic: true });
}
