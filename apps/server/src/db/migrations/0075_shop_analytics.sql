-- Issue 37 (decision 0058): Relatórios › Produtos' daily counts, written in batches by modules/analytics (one
-- upsert per shop, local day and key, adding to the count; no person, session or address is kept). Rows older than
-- the retention (13 months) are purged by the same writer.
create table search_misses (
  shop_id text not null references shops (id),
  day date not null,
  term text not null check (length(term) between 1 and 80),
  searches integer not null check (searches > 0),
  primary key (shop_id, day, term)
);

create table product_view_days (
  shop_id text not null references shops (id),
  day date not null,
  product_id text not null references products (id),
  views integer not null check (views > 0),
  primary key (shop_id, day, product_id)
);

-- Sold-out days read a shop's stock ledger from a range's first instant on.
create index stock_movements_shop_time_idx on stock_movements (shop_id, created_at);
