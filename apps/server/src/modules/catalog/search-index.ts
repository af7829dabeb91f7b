/**
 * GIN's fast update queues each write's entries of the text search's indexes in a pending list (up to
 * gin_pending_list_limit, 4 MB) that every search reads whole, row by row, besides the index; only a vacuum or a
 * full list moves them into the index, and neither PGlite nor a PostgreSQL without autovacuum vacuums. Fast update
 * stays (turned off, a 10k import's job took 35 % more CPU; decision 0067): an import merges what it queued when it
 * is done; a console change asks this instance's flusher, which merges about a second later, once for a burst of
 * changes, off the owner's save (decision 0072: in the save's transaction it cost PGlite 8–11 % of a save).
 */
import type { Db, Queryable } from '../../db/client.ts';
import { pollers } from '../../lib/poller.ts';

/** The GIN indexes every catalogue search reads. */
const SEARCH_INDEXES = [
  'products_search_vector_idx',
  'products_search_attributes_idx',
  'catalog_search_words_trgm_idx',
];

/**
 * Moves the pending entries of the search indexes into the indexes, so the next searches read none: one merge of
 * what a change or an import queued, instead of fast update off's cost on every row. Cheap when nothing is pending.
 */
export async function flushSearchIndexes(db: Queryable): Promise<void> {
  await db.query(`select gin_clean_pending_list(i::regclass) from unnest($1::text[]) as i`, [SEARCH_INDEXES]);
}

/** `due`: a change since the last merge began; `inHand`: the merge running; `waiting`: resolved by the next one. */
type Flusher = { due: boolean; inHand: Promise<void> | null; waiting: (() => void)[] };
const flushers = new WeakMap<Db, Flusher>();
const loops = pollers<Db>();

/**
 * Starts the instance's flusher on `db` (the background workers' loop, lib/poller.ts): a merge on start (what an
 * earlier process left), then one within `everyMs` of any `searchIndexesChanged` (one for all the changes of that
 * while). Answers the stop, which merges what is still due.
 */
export function startSearchIndexFlusher(
  db: Db,
  { everyMs = 1_000, onError }: { everyMs?: number; onError: (error: unknown) => void },
): () => Promise<void> {
  const flusher: Flusher = flushers.get(db) ?? { due: true, inHand: null, waiting: [] };
  flushers.set(db, flusher);
  const flush = async () => {
    if (!flusher.due) return;
    flusher.due = false;
    const waiting = flusher.waiting.splice(0);
    flusher.inHand = flushSearchIndexes(db);
    try {
      await flusher.inHand;
    } catch (error) {
      flusher.due = true; // the next round tries again, for those who wait
      flusher.waiting.push(...waiting);
      throw error;
    } finally {
      flusher.inHand = null;
    }
    for (const done of waiting) done();
  };
  const poller = loops.start(db, { idleMs: everyMs, onError, round: async () => (await flush(), false) });
  return async () => {
    await poller.stop();
    await flush().catch(onError);
    flushers.delete(db);
    for (const done of flusher.waiting.splice(0)) done();
  };
}

/** A committed change queued search index entries: this instance's flusher merges them shortly. */
export function searchIndexesChanged(db: Db): void {
  const flusher = flushers.get(db);
  if (flusher) flusher.due = true;
}

/**
 * Resolves once the flusher has merged what was due when called (at once when nothing is, or none runs; when it
 * stops).
 */
export function searchIndexesFlushed(db: Db): Promise<void> {
  const flusher = flushers.get(db);
  if (flusher?.due) return new Promise((resolve) => flusher.waiting.push(resolve));
  // A merge in hand covers what was due; if it fails, wait for the one that tries again.
  return flusher?.inHand?.catch(() => searchIndexesFlushed(db)) ?? Promise.resolve();
}
