/**
 * shop_events (migration 0022): what happened to a shop's orders, one row per order placed, order status or
 * fulfilment change and payment status change, written by triggers in the change's transaction.
 */
import type { Queryable } from '../../db/client.ts';

export type ShopEventRow = { id: number; type: string; order_id: string };

/** The shop's events after `afterId`, oldest first, at most `limit`. */
export async function listEventsAfter(
  db: Queryable,
  shopId: string,
  afterId: number,
  limit: number,
): Promise<ShopEventRow[]> {
  return db.query<ShopEventRow>(
    `select id, type, order_id from shop_events where shop_id = $1 and id > $2 order by id limit $3`,
    [shopId, afterId, limit],
  );
}

/** The shop's newest event id (0 when none). */
export async function latestEventId(db: Queryable, shopId: string): Promise<number> {
  const [row] = await db.query<{ id: number | null }>(
    'select max(id)::int8 as id from shop_events where shop_id = $1',
    [shopId],
  );
  return Number(row?.id ?? 0);
}

/** Deletes events older than `maxAgeMs` (a browser that was away longer re-reads the board). */
export async function pruneEvents(db: Queryable, maxAgeMs: number): Promise<void> {
  await db.query(`delete from shop_events where created_at < now() - $1::int * interval '1 millisecond'`, [
    maxAgeMs,
  ]);
}
