/**
 * GIN's fast update queues each write's entries of the text search's indexes in a pending list (up to
 * gin_pending_list_limit, 4 MB) that every search reads whole, row by row, besides the index; only a vacuum or a
 * full list moves them into the index, and neither PGlite nor a PostgreSQL without autovacuum vacuums. Fast update
 * stays (turned off, a 10k import's job took 35 % more CPU; decision 0067): bulk writers empty the list when done.
 */
import type { Queryable } from '../../db/client.ts';

/** The GIN indexes every catalogue search reads. */
const SEARCH_INDEXES = [
  'products_search_vector_idx',
  'products_search_attributes_idx',
  'catalog_search_words_trgm_idx',
];

/**
 * Moves the pending entries of the search indexes into the indexes, so the next searches read none. For after a
 * bulk write (an import, a seed): one merge of what the batches queued, instead of fast update's per-row cost.
 */
export async function flushSearchIndexes(db: Queryable): Promise<void> {
  await db.query(`select gin_clean_pending_list(i::regclass) from unnest($1::text[]) as i`, [SEARCH_INDEXES]);
}
