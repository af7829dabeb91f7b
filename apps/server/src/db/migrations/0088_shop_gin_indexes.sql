-- Issue 40: the catalogue's text search, its fuzzy word match and the attribute filters, and the orders board's
-- contact search, went through GIN indexes holding every shop's entries: a shop's search for 'arroz' read the
-- postings of every shop selling rice, then kept its own (26.9 ms at 300 copies of a 1,000-product shop, 1.3 ms
-- with the index below; docs/capacity.md). With btree_gin (created by db/migrate.ts) each index leads with shop_id,
-- so a shop's search reads its own entries only, whatever the number of shops.
drop index products_search_vector_idx;
create index products_search_vector_idx on products using gin (shop_id, search_vector);
drop index products_search_attributes_idx;
create index products_search_attributes_idx on products using gin (shop_id, search_attributes);
drop index catalog_search_words_trgm_idx;
create index catalog_search_words_trgm_idx on catalog_search_words using gin (shop_id, word gin_trgm_ops);
drop index contacts_name_trgm_idx;
create index contacts_name_trgm_idx on contacts using gin (shop_id, name gin_trgm_ops);
drop index contacts_phone_trgm_idx;
create index contacts_phone_trgm_idx on contacts using gin (shop_id, phone gin_trgm_ops);
