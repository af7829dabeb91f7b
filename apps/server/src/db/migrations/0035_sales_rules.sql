-- Console 'Vendas' (issue 18, decision 0035): an owner or manager turns a coupon off (kept for the orders and the
-- audit log that name it) or limits it to a customer's first order; coupons list newest first.
alter table coupons add column active boolean not null default true;
alter table coupons add column first_order_only boolean not null default false;
alter table coupons add column created_at timestamptz not null default now();
create index coupons_shop_created_idx on coupons (shop_id, created_at desc, id);
