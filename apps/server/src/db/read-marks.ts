/**
 * Read-your-writes marks (decision 0060): a caller's write is marked with the primary's WAL position after its
 * commit; any instance serving the caller's next read looks the mark up and sends the read to a replica only once
 * that replica has replayed past it. Two stores every instance shares:
 * - PostgreSQL (the default): the owner of `read_marks` (unlogged), on the primary — one upsert per write request,
 *   one primary-key read per replica-bound read of a known caller;
 * - Redis, when REDIS_URL is set (the instances share it already for the rate limits): the same mark as a key that
 *   expires with the window, so a read costs the primary nothing. A Redis that does not answer sends that caller's
 *   read to the primary (never a stale one), and its write's mark is lost (its reads may then be one lag late).
 */
import { Redis } from 'ioredis';
import type { Queryable } from './queryable.ts';
import { lsnOf } from './lsn.ts';

export type MarkStore = {
  /** Records that `caller` has just written: the primary's WAL position now, after its transaction committed. */
  mark(caller: string): Promise<void>;
  /**
   * The position a replica must have replayed to serve `caller`, or null: no write of its own in the window (a
   * replica in rotation is at most the lag limit behind, so an older write is on every one of them). Throws when
   * the store cannot say (the read then goes to the primary).
   */
  lastWrite(caller: string): Promise<bigint | null>;
  close(): Promise<void>;
};

const PRUNE_EVERY_MS = 60_000;

export function postgresMarks(primary: Queryable, windowMs: number): MarkStore {
  const seconds = windowMs / 1000;
  // Marks no read needs any more, dropped by every instance now and then.
  const prune = setInterval(
    () =>
      void primary
        .query(`delete from read_marks where at < now() - make_interval(secs => $1)`, [seconds])
        .catch(() => undefined),
    PRUNE_EVERY_MS,
  );
  prune.unref();
  return {
    mark: async (caller) => {
      await primary.query(
        `insert into read_marks (caller, lsn, at) values ($1, pg_current_wal_lsn(), now())
         on conflict (caller) do update set lsn = excluded.lsn, at = excluded.at`,
        [caller],
      );
    },
    lastWrite: async (caller) => {
      const [row] = await primary.query<{ lsn: string }>(
        `select lsn::text as lsn from read_marks where caller = $1 and at > now() - make_interval(secs => $2)`,
        [caller, seconds],
      );
      return row ? lsnOf(row.lsn) : null;
    },
    close: async () => clearInterval(prune),
  };
}

export function redisMarks(primary: Queryable, url: string, windowMs: number): MarkStore {
  const redis = new Redis(url, { connectTimeout: 2000, commandTimeout: 500, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined); // failed calls say so
  const key = (caller: string) => `vitrine-rw:${caller}`;
  return {
    mark: async (caller) => {
      const [row] = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      await redis.set(key(caller), row!.lsn, 'PX', windowMs);
    },
    lastWrite: async (caller) => {
      const lsn = await redis.get(key(caller));
      return lsn ? lsnOf(lsn) : null;
    },
    close: async () => void (await redis.quit().catch(() => redis.disconnect())),
  };
}
