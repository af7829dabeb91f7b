-- Catalogue search (docs/decisions/0006-catalogue-search.md).
-- A Portuguese text search configuration that folds accents before stemming, a weighted document per
-- product (name A; brand, category path and attribute options B; description C), the product's attribute
-- pairs for facets, and each shop's vocabulary of indexed lexemes (pg_trgm) to correct typos in queries.
-- Triggers keep all of it current whenever a product, its category path or its attribute options change,
-- so seeds and importers only write the catalogue tables.

create text search configuration vitrine_pt (copy = pg_catalog.portuguese);
alter text search configuration vitrine_pt
  alter mapping for asciiword, asciihword, hword_asciipart, word, hword, hword_part
  with unaccent, portuguese_stem;

alter table products
  add column search_vector tsvector not null default ''::tsvector,
  add column search_attributes text[] not null default '{}';

-- Every plain [a-z0-9] lexeme of a shop's product documents (so a corrected query word is always safe tsquery
-- text). Words are only added: a stale one costs nothing (a query corrected to it finds nothing).
-- C collation makes prefix ranges (`word >= x and word < x || '~'`) exact and index-backed.
create table catalog_search_words (
  shop_id text not null references shops(id),
  word text collate "C" not null,
  primary key (shop_id, word)
);
create index catalog_search_words_trgm_idx on catalog_search_words using gin (word gin_trgm_ops);

-- Recomputes the search columns of the row being written. Fires on insert and on updates of the source
-- columns; other triggers force a recomputation with `update products set search_vector = null …`.
create function catalog_product_search_refresh() returns trigger language plpgsql as $$
declare
  category_words text;
  option_words text;
  pairs text[];
begin
  with recursive path as (
    select c.id, c.parent_id, c.name, 0 as depth from categories c where c.id = new.category_id
    union all
    select c.id, c.parent_id, c.name, path.depth + 1 from categories c join path on c.id = path.parent_id
     where path.depth < 20
  )
  select string_agg(name, ' ') into category_words from path;

  select string_agg(o.name, ' '), array_agg(distinct a.name || chr(31) || o.name)
    into option_words, pairs
    from product_attributes a join attribute_options o on o.attribute_id = a.id
   where a.product_id = new.id;

  new.search_attributes := coalesce(pairs, '{}');
  new.search_vector :=
    setweight(to_tsvector('vitrine_pt', new.name), 'A') ||
    setweight(to_tsvector('vitrine_pt', concat_ws(' ', new.brand_name, category_words, option_words)), 'B') ||
    setweight(to_tsvector('vitrine_pt', coalesce(regexp_replace(new.description, '<[^>]*>', ' ', 'g'), '')), 'C');
  return new;
end $$;

create trigger products_search_refresh
  before insert or update of name, description, brand_name, category_id, search_vector on products
  for each row execute function catalog_product_search_refresh();

-- New lexemes join the shop's vocabulary: per statement for inserts (bulk loads), per row for updates
-- that changed the document.
create function catalog_collect_search_words() returns trigger language plpgsql as $$
begin
  insert into catalog_search_words (shop_id, word)
  select distinct n.shop_id, w.word from written_products n, unnest(tsvector_to_array(n.search_vector)) as w(word)
   where w.word ~ '^[a-z0-9]{1,60}$'
  on conflict do nothing;
  return null;
end $$;

create trigger products_search_words_insert after insert on products
  referencing new table as written_products for each statement execute function catalog_collect_search_words();

create function catalog_collect_row_search_words() returns trigger language plpgsql as $$
begin
  insert into catalog_search_words (shop_id, word)
  select new.shop_id, w.word from unnest(tsvector_to_array(new.search_vector)) as w(word)
   where w.word ~ '^[a-z0-9]{1,60}$'
  on conflict do nothing;
  return null;
end $$;

create trigger products_search_words_update after update on products
  for each row when (old.search_vector is distinct from new.search_vector)
  execute function catalog_collect_row_search_words();

-- Attribute options (and attribute names) feed the document and the facet pairs: statement-level
-- triggers refresh the products touched by a whole multi-row insert, update or delete at once.
create function catalog_refresh_option_products() returns trigger language plpgsql as $$
begin
  update products set search_vector = null
   where id in (select a.product_id from product_attributes a
                 where a.id in (select attribute_id from changed_options));
  return null;
end $$;

create trigger attribute_options_search_insert after insert on attribute_options
  referencing new table as changed_options for each statement execute function catalog_refresh_option_products();
create trigger attribute_options_search_update after update on attribute_options
  referencing new table as changed_options for each statement execute function catalog_refresh_option_products();
create trigger attribute_options_search_delete after delete on attribute_options
  referencing old table as changed_options for each statement execute function catalog_refresh_option_products();

create function catalog_refresh_attribute_products() returns trigger language plpgsql as $$
begin
  update products set search_vector = null where id in (select product_id from changed_attributes);
  return null;
end $$;

create trigger product_attributes_search_update after update on product_attributes
  referencing new table as changed_attributes for each statement execute function catalog_refresh_attribute_products();

-- A renamed or moved category changes the document of every product below it.
create function catalog_refresh_category_products() returns trigger language plpgsql as $$
begin
  update products set search_vector = null
   where category_id in (
     with recursive tree as (
       select new.id as id
       union
       select c.id from categories c join tree on c.parent_id = tree.id
     )
     select id from tree);
  return null;
end $$;

create trigger categories_search_refresh after update of name, parent_id on categories
  for each row execute function catalog_refresh_category_products();

-- Rows written before this migration.
update products set search_vector = null;

create index products_search_vector_idx on products using gin (search_vector);
create index products_search_attributes_idx on products using gin (search_attributes);
-- Top sellers aggregate the shop's received and finalized orders.
create index orders_shop_status_idx on orders (shop_id, status);
