/**
 * Where an event stream stands, safe against late commits (issue 39 item 8). Event ids come from a sequence
 * taken before commit: a transaction can commit id 10 after id 11 was committed and sent, so "send what is after
 * the last id sent" would skip 10 for good. A stream therefore keeps:
 * - a floor: every event at or below it that will ever commit has been read. It moves by checkpoints: a read
 *   first takes the sequence's high-water mark, then (next statement) a snapshot; once a later snapshot's xmin
 *   reaches that snapshot's xmax, every transaction that could hold an id up to the mark has ended (the triggers
 *   take an xid before they take an id, migration 0069), so the floor moves to the mark;
 * - the ids written above the floor, so re-reading above it sends each event once;
 * - ids a notification named at or below the floor (NOTIFY is sent at commit with the event's id), read once
 *   even if the floor already passed them.
 * The browser's resume point (SSE id) is the floor while events above it were sent (`resumeId`): a reconnect
 * with Last-Event-ID replays from there, at worst sending an event twice, never skipping one. A long write
 * transaction anywhere in the database holds the floor back (not the events: they are sent as soon as visible).
 */
import type { Queryable } from '../../db/client.ts';

type Checkpoint = { high: number; xmax: bigint };
export type Snapshot = { xmin: bigint; xmax: bigint };
const RECENT_KEPT = 512;

export function commitSafeCursor(start: number) {
  let floor = start;
  let checkpoints: Checkpoint[] = [];
  const above = new Set<number>();
  /** Ids written lately (also below the floor): a late notification for one of them reads nothing again. */
  const recent = new Set<number>();
  const late = new Set<number>();

  return {
    get floor() {
      return floor;
    },
    /** Ids above the floor already written (a read leaves them out). */
    writtenAbove: () => [...above],
    /** Ids at or below the floor that notifications named and that were not written yet. */
    late: () => [...late],
    /** A notification named event `id` (committed now). */
    heard(id: number) {
      if (Number.isSafeInteger(id) && id <= floor && !recent.has(id)) late.add(id);
    },
    /** Whether event `id` should be written now (not written before); records it as written. */
    take(id: number): boolean {
      late.delete(id);
      if (recent.has(id) || above.has(id)) return false;
      recent.add(id);
      if (recent.size > RECENT_KEPT) recent.delete(recent.values().next().value!);
      if (id > floor) above.add(id);
      return true;
    },
    /**
     * After a read that took `high` before its snapshot `snap` (and asked for the late ids `asked`, which it read
     * if they were there): remembers the checkpoint and moves the floor past every checkpoint whose transactions
     * have all ended.
     */
    settle(high: number, snap: Snapshot, asked: number[]) {
      for (const id of asked) late.delete(id);
      checkpoints.push({ high, xmax: snap.xmax });
      while (checkpoints[0] && checkpoints[0].xmax <= snap.xmin) {
        floor = Math.max(floor, checkpoints.shift()!.high);
      }
      for (const id of above) if (id <= floor) above.delete(id);
    },
    /** Starts over at `id` (after a resync: the browser re-reads everything). */
    reset(id: number) {
      floor = id;
      checkpoints = [];
      above.clear();
      late.clear();
    },
    /**
     * The id a reconnecting browser should resume from: the floor while events above it were written, else the
     * newest id written (`maxWritten`), which is then at or below the floor.
     */
    resumeId(maxWritten: number): number {
      return above.size > 0 ? floor : maxWritten;
    },
  };
}
export type CommitSafeCursor = ReturnType<typeof commitSafeCursor>;

/** The sequence's high-water mark: the last id it handed out (0 before the first). Run before the read. */
export async function sequenceHigh(db: Queryable, sequence: string): Promise<number> {
  const [row] = await db.query<{ high: string }>(
    `select coalesce(pg_sequence_last_value($1::regclass), 0)::text as high`,
    [sequence],
  );
  return Number(row?.high ?? 0);
}

/** The select list that gives a read its snapshot's bounds (as text: xid8 exceeds a JS number's range). */
export const SNAPSHOT_COLUMNS =
  'pg_snapshot_xmin(pg_current_snapshot())::text as snap_xmin, pg_snapshot_xmax(pg_current_snapshot())::text as snap_xmax';

export const snapshotOf = (row: { snap_xmin: string; snap_xmax: string }): Snapshot => ({
  xmin: BigInt(row.snap_xmin),
  xmax: BigInt(row.snap_xmax),
});
