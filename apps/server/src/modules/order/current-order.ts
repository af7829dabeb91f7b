/**
 * The session user's current order as the shopper and the assistant read it: its wire form and the assistant's
 * suggestions on it (created empty on first use; changes go through change.ts).
 */
import type { Order } from '@vitrine/contracts/order';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import { getShop } from '../shop/service.ts';
import { getOrCreateCurrentOrderRow, linesOf } from './change.ts';
import { saveAssistantSuggestions } from './repository.ts';
import { serializeOrder } from './serialize.ts';

/** What the assistant asked for in the session's current order (created on first use): products and searches. */
export async function assistantRequests(db: Queryable, session: SessionContext) {
  const order = await getOrCreateCurrentOrderRow(db, session);
  return { productIds: order.assistant_product_ids, searchTerms: order.assistant_search_terms };
}

/**
 * Replaces the assistant's suggestions on the session user's open order (created when there is none; a confirm
 * between the two statements moves them to the next open order). The next order starts without any.
 */
export async function setAssistantSuggestions(
  db: Queryable,
  session: SessionContext,
  suggestions: { productIds: string[]; searchTerms: string[] },
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await getOrCreateCurrentOrderRow(db, session);
    if (await saveAssistantSuggestions(db, session.shopId, session.userId, suggestions)) return;
  }
  throw new AppError('conflict', 'orderNotCurrent');
}

/** The session user's current order in its wire form (created empty on first use). */
export async function getCurrentOrder(db: Queryable, session: SessionContext): Promise<Order> {
  const order = await getOrCreateCurrentOrderRow(db, session);
  const [{ items, giftRules }, shop] = await Promise.all([linesOf(db, order), getShop(db, session.shopId)]);
  return serializeOrder({ order, shop, items, giftRules });
}
