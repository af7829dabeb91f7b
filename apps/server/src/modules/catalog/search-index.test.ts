import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { searchIndexesChanged, searchIndexesFlushed, startSearchIndexFlusher } from './search-index.ts';

/** A database that counts the merges asked of it (and fails the ones `failures` says). */
function countingDb(failures = 0) {
  const merges: number[] = [];
  const db = {
    kind: 'pglite',
    query: vi.fn(async (sql: string) => {
      if (!sql.includes('gin_clean_pending_list')) throw new Error(`unexpected statement: ${sql}`);
      if (failures-- > 0) throw new Error('merge failed');
      merges.push(Date.now());
      return [];
    }),
  } as unknown as Db;
  return { db, merges };
}

describe('search index flusher (decision 0072)', () => {
  it('merges once on start, once for a burst of changes, and not while nothing changed', async () => {
    const { db, merges } = countingDb();
    const stop = startSearchIndexFlusher(db, { everyMs: 20, onError: (e) => expect.fail(String(e)) });
    await searchIndexesFlushed(db);
    expect(merges).toHaveLength(1);
    for (let i = 0; i < 5; i++) searchIndexesChanged(db);
    await searchIndexesFlushed(db);
    expect(merges).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 100)); // five idle rounds
    expect(merges).toHaveLength(2);
    await stop();
    expect(merges).toHaveLength(2);
  });

  it('merges what is still due when it stops', async () => {
    const { db, merges } = countingDb();
    const stop = startSearchIndexFlusher(db, { everyMs: 60_000, onError: (e) => expect.fail(String(e)) });
    await searchIndexesFlushed(db);
    searchIndexesChanged(db);
    const flushed = searchIndexesFlushed(db);
    await stop();
    await flushed;
    expect(merges).toHaveLength(2);
  });

  it('tries again after a failed merge, and the waiters wait for the merge that worked', async () => {
    const { db, merges } = countingDb(1);
    const errors: unknown[] = [];
    const stop = startSearchIndexFlusher(db, { everyMs: 20, onError: (e) => errors.push(e) });
    await searchIndexesFlushed(db);
    expect(errors).toHaveLength(1);
    expect(merges).toHaveLength(1);
    await stop();
  });

  it('is a no-op without a flusher: a change asks nothing of the database', async () => {
    const { db } = countingDb();
    searchIndexesChanged(db);
    await searchIndexesFlushed(db);
    expect(db.query).not.toHaveBeenCalled();
  });
});
