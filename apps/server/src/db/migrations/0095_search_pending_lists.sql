-- Issue 41: the text search's GIN indexes keep the entries of past writes in their pending lists (fast update)
-- until a vacuum, which neither PGlite nor a PostgreSQL without autovacuum runs; every search reads the whole list
-- (384 pages after seeding 100k products: a search that found nothing took 10 ms instead of 5 ms, decision 0067).
-- The catalogue writers now empty the lists when done (modules/catalog/search-index.ts); this empties today's once.
select gin_clean_pending_list('products_search_vector_idx'::regclass);
select gin_clean_pending_list('products_search_attributes_idx'::regclass);
select gin_clean_pending_list('catalog_search_words_trgm_idx'::regclass);
