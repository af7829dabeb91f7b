/**
 * GIN's fast update queues each write's entries of the text search's indexes in a pending list (up to
 * gin_pending_list_limit, 4 MB) that every search reads whole, row by row, besides the index; only a vacuum or a
 * full list moves them into the index, and neither PGlite nor a PostgreSQL without autovacuum vacuums. Fast update
 * stays (turned off, a 10k import's job took 35 % more CPU; decision 0067): each writer merges what it queued when
 * it is done (a console change, an import, a Tray import, the bench seed).
 */
import type { Queryable } from '../../db/client.ts';

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
