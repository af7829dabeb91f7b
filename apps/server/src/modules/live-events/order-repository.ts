/**
 * order_events (migration 0026): each change of an order's version and each payment created or moved, with the
 * order's version and who made it, written by triggers in the change's transaction.
 */
import type { Queryable } from '../../db/client.ts';

export type OrderEventRow = {
  id: number;
  version: number;
  kind: 'order' | 'payment';
  actor: 'shopper' | 'agent' | 'staff' | 'payment' | 'system';
  /** The order's status after the change. */
  status: number;
  /** A payment event: the payment's status after the change (else null). */
  payment_status: number | null;
};

/** The order's events after `afterId`, oldest first, at most `limit`. */
export async function listOrderEventsAfter(
  db: Queryable,
  orderId: string,
  afterId: number,
  limit: number,
): Promise<OrderEventRow[]> {
  return db.query<OrderEventRow>(
    `select id, version, kind, actor, status, payment_status from order_events where order_id = $1 and id > $2 order by id limit $3`,
    [orderId, afterId, limit],
  );
}

export type StreamStart = { latest: number; knowsLast: boolean; version: number; status: number };

/**
 * Where a stream of the order starts, in one snapshot: its newest event id (0 when none), the order's version
 * and status, and whether event `lastId` (the browser's Last-Event-ID) is still kept for this order — when it is
 * not (pruned, or not this order's), the rows after it may be incomplete and the browser re-reads instead. 0
 * (the order had no event when the browser connected) is always known: every row of the order is after it.
 */
export async function orderEventsStart(
  db: Queryable,
  orderId: string,
  lastId: number | null,
): Promise<StreamStart> {
  const [row] = await db.query<{
    latest: number | null;
    knows_last: boolean;
    version: number;
    status: number;
  }>(
    `select (select max(id) from order_events where order_id = $1)::int8 as latest,
            ($2 = 0 or exists (select 1 from order_events where id = $2 and order_id = $1)) as knows_last,
            o.version, o.status
       from orders o where o.id = $1`,
    [orderId, lastId ?? 0],
  );
  return {
    latest: Number(row?.latest ?? 0),
    knowsLast: row?.knows_last ?? false,
    version: row?.version ?? 0,
    status: row?.status ?? 0,
  };
}

/** Deletes order events older than `maxAgeMs`. */
export async function pruneOrderEvents(db: Queryable, maxAgeMs: number): Promise<void> {
  await db.query(`delete from order_events where created_at < now() - $1::int * interval '1 millisecond'`, [
    maxAgeMs,
  ]);
}
