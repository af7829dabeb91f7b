/**
 * An order's live events (migrations 0026, 0027): its newest change, kept on the order row itself
 * (`orders.live_event_id`, `orders.changed_by`, set with the version by a trigger), and each payment created or
 * moved (an order_events row, written by a trigger). One id sequence orders both.
 */
import type { Queryable } from '../../db/client.ts';
import { SNAPSHOT_COLUMNS, snapshotOf, type Snapshot } from './commit-safe.ts';

/** The sequence both order_events ids and orders.live_event_id come from. */
export const ORDER_EVENTS_SEQUENCE = 'order_events_id_seq';

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

/**
 * The order's events after `afterId`, oldest first, at most `limit`: its payment rows after it and, when the
 * order changed after it, the order as it is now (one event for however many changes: the newest is what a
 * screen needs).
 */
export async function listOrderEventsAfter(
  db: Queryable,
  orderId: string,
  afterId: number,
  limit: number,
): Promise<OrderEventRow[]> {
  return db.query<OrderEventRow>(
    `select id, version, kind, actor, status, payment_status from order_events where order_id = $1 and id > $2
     union all
     select live_event_id, version, 'order', changed_by, status, null from orders where id = $1 and live_event_id > $2
     order by id limit $3`,
    [orderId, afterId, limit],
  );
}

/**
 * The order's events above `floor` not in `written`, and those named in `late` (payment rows, and the order as
 * it is now when its newest change is one of them), oldest first, at most `limit`, with the read's snapshot
 * (commit-safe.ts).
 */
export async function listOrderEventsSince(
  db: Queryable,
  orderId: string,
  since: { floor: number; written: number[]; late: number[] },
  limit: number,
): Promise<{ rows: OrderEventRow[]; snapshot: Snapshot }> {
  const rows = await db.query<
    Omit<OrderEventRow, 'id'> & { id: string | null; snap_xmin: string; snap_xmax: string }
  >(
    `select s.snap_xmin, s.snap_xmax, e.id, e.version, e.kind, e.actor, e.status, e.payment_status
       from (select ${SNAPSHOT_COLUMNS}) s
       left join lateral (
         select id, version, kind, actor, status, payment_status from order_events
          where order_id = $1 and ((id > $2 and id <> all($3::int8[])) or id = any($4::int8[]))
         union all
         select live_event_id, version, 'order', changed_by, status, null from orders
          where id = $1 and ((live_event_id > $2 and live_event_id <> all($3::int8[])) or live_event_id = any($4::int8[]))
         order by id limit $5) e on true`,
    [orderId, since.floor, since.written, since.late, limit],
  );
  return {
    snapshot: snapshotOf(rows[0]!),
    rows: rows
      .filter((r) => r.id !== null)
      .map(({ snap_xmin: _x, snap_xmax: _y, ...r }) => ({ ...r, id: Number(r.id) }) as OrderEventRow),
  };
}

export type StreamStart = { latest: number; knowsLast: boolean; version: number; status: number };

/**
 * Where a stream of the order starts, in one snapshot: its newest event id (0 when none), the order's version
 * and status, and whether event `lastId` (the browser's Last-Event-ID) can be resumed from: 0 (the order had no
 * event when the browser connected) or an id up to the order's newest. The order's own state is always whole
 * (the newest change is on its row); an id beyond the newest is not this order's, and the browser re-reads.
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
    `select s.latest, ($2 = 0 or $2 <= s.latest) as knows_last, s.version, s.status
       from (select greatest(o.live_event_id, (select max(id) from order_events where order_id = o.id), 0)::int8
                    as latest, o.version, o.status
               from orders o where o.id = $1) s`,
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
