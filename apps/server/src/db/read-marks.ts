/**
 * Read-your-writes marks (decision 0060): the owner of `read_marks`. A caller's write is marked with the primary's
 * WAL position after its commit; any instance serving the caller's next read looks the mark up on the primary and
 * sends the read to a replica only once that replica has replayed past it.
 */
import type { Queryable } from './queryable.ts';
import { lsnOf } from './lsn.ts';

/** Records that `caller` has just written: the primary's WAL position now, after its transaction committed. */
export async function markWrite(primary: Queryable, caller: string): Promise<void> {
  await primary.query(
    `insert into read_marks (caller, lsn, at) values ($1, pg_current_wal_lsn(), now())
     on conflict (caller) do update set lsn = excluded.lsn, at = excluded.at`,
    [caller],
  );
}

/**
 * The position a replica must have replayed to serve `caller`, or null: no write of its own in the last
 * `windowMs` (a replica in rotation is at most the lag limit behind, so an older write is on every one of them).
 */
export async function lastWrite(
  primary: Queryable,
  caller: string,
  windowMs: number,
): Promise<bigint | null> {
  const [row] = await primary.query<{ lsn: string }>(
    `select lsn::text as lsn from read_marks where caller = $1 and at > now() - make_interval(secs => $2)`,
    [caller, windowMs / 1000],
  );
  return row ? lsnOf(row.lsn) : null;
}

/** Drops marks no read needs any more. */
export async function pruneMarks(primary: Queryable, olderThanMs: number): Promise<void> {
  await primary.query(`delete from read_marks where at < now() - make_interval(secs => $1)`, [
    olderThanMs / 1000,
  ]);
}
