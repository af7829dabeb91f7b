/**
 * The "read" Db (decision 0060): the same interface as the primary's, for reads that may be served by a replica.
 * Each statement (or read-only transaction) goes to a replica in rotation that has replayed `needs()` — the
 * caller's last write, looked up once per read Db — else to the primary. A statement that fails on a replica is
 * run once more on the primary (the replica is taken out of rotation until a poll finds it answering): a replica
 * going away costs a retry, never an error. LISTEN stays on the primary (a standby cannot LISTEN).
 */
import type { Db, Queryable } from './queryable.ts';
import type { ReadReplicas, Replica } from './replicas.ts';

export type ReadDbOptions = {
  /** The WAL position the caller's reads must see (its last write), or null; asked at most once; a failure
   * sends the reads to the primary. */
  needs?: () => Promise<bigint | null>;
  /** The shop the reads are of, when known: a replica must have replayed its last change heard of. */
  shopId?: string | null;
  /** Told when a statement failed on a replica and was run on the primary. */
  onRetry?: (replica: string, error: unknown) => void;
};

export function readDb(primary: Db, replicas: ReadReplicas, options: ReadDbOptions = {}): Db {
  /** The caller's position, or 'unknown' when its mark could not be read (then only the primary is safe). */
  let needed: Promise<bigint | null | 'unknown'> | undefined;
  const target = async (): Promise<Replica | null> => {
    if (!replicas.anyInRotation()) return null;
    needed ??= (options.needs?.() ?? Promise.resolve(null)).catch(() => 'unknown' as const);
    const lsn = await needed;
    return lsn === 'unknown' ? null : replicas.pick(lsn, options.shopId ?? null);
  };
  const onReplica = async <T>(run: (db: Db | Replica) => Promise<T>): Promise<T> => {
    const replica = await target();
    if (!replica) return run(primary);
    try {
      return await run(replica);
    } catch (error) {
      replica.failed();
      options.onRetry?.(replica.name, error);
      return run(primary);
    }
  };
  return {
    kind: primary.kind,
    query: <T>(sql: string, params?: unknown[]) => onReplica((db) => db.query<T>(sql, params)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => onReplica((db) => db.transaction(fn)),
    listen: (channel, onPayload) => primary.listen(channel, onPayload),
    close: async () => {
      /* the pools belong to the primary and to the replicas' set */
    },
  };
}
