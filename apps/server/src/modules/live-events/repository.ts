/**
 * shop_events (migration 0022): what happened to a shop's orders, one row per order placed, order status or
 * fulfilment change and payment status change, written by triggers in the change's transaction.
 */
import type { Queryable } from '../../db/client.ts';
import { SNAPSHOT_COLUMNS, snapshotOf, type Snapshot } from './commit-safe.ts';

export type ShopEventRow = { id: number; type: string; order_id: string };

/** The sequence shop_events ids come from (its identity column's). */
export const SHOP_EVENTS_SEQUENCE = 'shop_events_id_seq';

/**
 * The shop's events above `floor` not in `written`, and those named in `late`, oldest first, at most `limit`,
 * with the snapshot the read saw (commit-safe.ts).
 */
export async function listEventsSince(
  db: Queryable,
  shopId: string,
  since: { floor: number; written: number[]; late: number[] },
  limit: number,
): Promise<{ rows: ShopEventRow[]; snapshot: Snapshot }> {
  const rows = await db.query<{
    id: string | null;
    type: string;
    order_id: string;
    snap_xmin: string;
    snap_xmax: string;
  }>(
    `select s.snap_xmin, s.snap_xmax, e.id, e.type, e.order_id
       from (select ${SNAPSHOT_COLUMNS}) s
       left join lateral (
         select id, type, order_id from shop_events
          where shop_id = $1 and ((id > $2 and id <> all($3::int8[])) or id = any($4::int8[]))
          order by id limit $5) e on true`,
    [shopId, since.floor, since.written, since.late, limit],
  );
  return {
    snapshot: snapshotOf(rows[0]!),
    rows: rows
      .filter((r) => r.id !== null)
      .map((r) => ({ id: Number(r.id), type: r.type, order_id: r.order_id })),
  };
}

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
