-- Console 'Vendas › Tabelas de preço' (issue 18, decision 0039): a table's price is per product (variant_id null)
-- or per variant; a variant line takes its variant's row, else its product's. A variant the catalogue deletes
-- takes its table prices with it (the catalogue only deletes variants no order line names).
alter table price_table_prices add column variant_id text references product_variants(id) on delete cascade;
alter table price_table_prices drop constraint price_table_prices_pkey;
create unique index price_table_prices_product_uq on price_table_prices (price_table_id, product_id)
  where variant_id is null;
create unique index price_table_prices_variant_uq on price_table_prices (price_table_id, variant_id)
  where variant_id is not null;
