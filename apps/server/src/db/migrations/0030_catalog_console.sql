-- The console's catalogue (issue 17, docs/decisions/0031-catalogue-console.md): a product's list price (the
-- struck-through "de" price; null: its price) and categories a shop hides from the storefront's tab strip.
alter table products add column list_price_cents integer check (list_price_cents >= 0);
alter table categories add column is_hidden boolean not null default false;
