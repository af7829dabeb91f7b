/**
 * What a change to an open order would otherwise read again on every request, kept in-process
 * (docs/decisions/0012). Both live for the catalogue cache's TTL (`CATALOG_CACHE_SECONDS`; the tests' 0 keeps
 * nothing), like the catalogue pages the shopper sees:
 * - the state of recently changed open orders (row, shop, lines, gift rules) per user, used only for the order
 *   version it was read or written at: every change to an order bumps `orders.version`, so a change made by
 *   another request, path or server instance makes the entry unusable (an optimistic change computed from it is
 *   refused by the database and runs again under the lock). What lines carry from the catalogue (active,
 *   shipping restriction), the shop's settings and its gift rules may be up to the TTL old;
 * - the products order lines are written from (prices, variants, offers): a catalogue change reaches new line
 *   writes within the TTL, at once in this process after a Tray import (forgetShopProducts).
 */
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { createTtlCache, type TtlCache } from '../../lib/ttl-cache.ts';
import { findProductByProviderId, type ProductRow } from '../catalog/service.ts';
import type { GiftRule } from './gift-rules.ts';
import type { OrderItemRow } from './line-repository.ts';
import type { OrderState } from './serialize.ts';

export type OrderLines = { items: OrderItemRow[]; giftRules: GiftRule[] };

let ttlMs = 0;
const orders = new LRUCache<string, OrderState>({ max: 20_000 });
let products: TtlCache<ProductRow> = createTtlCache<ProductRow>({ max: 1, ttlMs: 0 });

const userKey = (shopId: string, userId: string) => `${shopId}|${userId}`;

/** Sets how long entries live (the catalogue cache TTL); 0 turns both caches off. Clears them. */
export function configureOrderCaches(ms: number): void {
  ttlMs = ms;
  orders.clear();
  products = createTtlCache<ProductRow>({ max: 20_000, ttlMs: ms });
}

/** A deep copy of order lines (their only nested values are the subscription and the attribute list). */
function copyLines(items: OrderItemRow[]): OrderItemRow[] {
  return items.map((item) => ({
    ...item,
    subscription: item.subscription && { ...item.subscription },
    attributes: item.attributes.map((attribute) => ({ ...attribute })),
  }));
}

/** A copy (the caller changes it) of the user's open order as last committed by this process, or null. */
export function cachedOpenOrder(shopId: string, userId: string): OrderState | null {
  const entry = ttlMs > 0 ? orders.get(userKey(shopId, userId)) : undefined;
  if (!entry) return null;
  return {
    order: structuredClone(entry.order),
    items: copyLines(entry.items),
    shop: entry.shop,
    giftRules: entry.giftRules,
  };
}

/** A copy of the lines of order `id` at `version` when the cache has that version, or null. */
export function cachedOrderLines(
  shopId: string,
  userId: string,
  id: string,
  version: number,
): OrderLines | null {
  const entry = ttlMs > 0 ? orders.get(userKey(shopId, userId)) : undefined;
  if (!entry || entry.order.id !== id || entry.order.version !== version) return null;
  return { items: copyLines(entry.items), giftRules: entry.giftRules };
}

/**
 * Keeps an open order as committed (call only after the commit), unless a later version is kept already. The
 * cache takes the objects over: the caller may read them afterwards (to answer) but must not change them.
 */
export function rememberOpenOrder(state: OrderState): void {
  if (ttlMs <= 0) return;
  const key = userKey(state.order.shop_id, state.order.user_id);
  const kept = orders.get(key);
  if (kept && kept.order.id === state.order.id && kept.order.version > state.order.version) return;
  const { order, items, shop, giftRules } = state;
  orders.set(key, { order, items, shop, giftRules }, { ttl: ttlMs });
}

/** The shop's product by provider id, to write an order line from (read-only); 404 'Produto não encontrado.'. */
export async function findProductForOrder(
  db: Queryable,
  shopId: string,
  providerId: string,
): Promise<ProductRow> {
  const product = await products.getOrLoad(`${shopId}|${providerId}`, () =>
    findProductByProviderId(db, shopId, providerId),
  );
  if (!product) throw notFound('productNotFound');
  return product;
}

/** Drops the shop's cached open orders, which carry its settings (after the settings change). */
export function forgetShopOrders(shopId: string): void {
  for (const key of orders.keys()) if (key.startsWith(`${shopId}|`)) orders.delete(key);
}

/** Drops the shop's cached products (after a catalogue import). */
export function forgetShopProducts(shopId: string): void {
  products.deletePrefix(`${shopId}|`);
}
