-- Product sales by day (issue 37, docs/decisions/0058-product-reports.md): Relatórios › Produtos' best sellers
-- read a daily rollup per (shop, shop-local day, product) instead of every order line of the range.
--
-- 1. product_sales_days: the lines of the placed orders (Received or Finalized, gifts out) confirmed on that local
--    day of the shop: orders, value (the lines' totals) and quantity (weights are quantity × the product's portion
--    at read time).
-- 2. product_sales_dirty: the (shop, day)s whose rollup may be stale. Triggers on orders (status, confirmed_at) and
--    order_items mark a day in the same transaction as the change, by an upsert that bumps `version` (so it takes
--    the row's lock); a shop's time zone change marks every day with a placed order (and drops the old days'
--    rows). The refresher (modules/order/product-sales-days.ts) recomputes a marked day from the raw rows and
--    removes the mark only if its version did not move meanwhile. The report reads the rollup for unmarked days
--    and the raw rows for marked ones, so it is exact whenever it reads.

create table product_sales_days (
  shop_id text not null references shops(id) on delete cascade,
  day date not null,
  product_id text not null,
  orders integer not null,
  value_cents bigint not null,
  quantity numeric(16, 3) not null,
  primary key (shop_id, day, product_id)
);

create table product_sales_dirty (
  shop_id text not null references shops(id) on delete cascade,
  day date not null,
  version bigint not null default 1,
  primary key (shop_id, day)
);

create function product_sales_mark(p_shop text, p_at timestamptz) returns void language sql as $$
  insert into product_sales_dirty (shop_id, day)
  select p_shop, (p_at at time zone s.time_zone)::date from shops s where s.id = p_shop
  on conflict (shop_id, day) do update set version = product_sales_dirty.version + 1
$$;

-- An order counts on its confirmed_at's day while it is Received or Finalized.
create function orders_product_sales_mark() returns trigger language plpgsql as $$
declare
  old_counts boolean := tg_op <> 'INSERT' and old.status in (1, 2) and old.confirmed_at is not null;
  new_counts boolean := tg_op <> 'DELETE' and new.status in (1, 2) and new.confirmed_at is not null;
begin
  if old_counts and (not new_counts or old.confirmed_at <> new.confirmed_at) then
    perform product_sales_mark(old.shop_id, old.confirmed_at);
  end if;
  if new_counts and (not old_counts or old.confirmed_at <> new.confirmed_at) then
    perform product_sales_mark(new.shop_id, new.confirmed_at);
  end if;
  return null;
end $$;
create trigger orders_product_sales_mark after insert or delete or update of status, confirmed_at on orders
  for each row execute function orders_product_sales_mark();

-- A line added, changed or removed on a placed order.
create function order_items_product_sales_mark() returns trigger language plpgsql as $$
declare
  o record;
begin
  for o in
    select shop_id, confirmed_at from orders
     where id in (case when tg_op <> 'INSERT' then old.order_id end, case when tg_op <> 'DELETE' then new.order_id end)
       and status in (1, 2) and confirmed_at is not null
  loop
    perform product_sales_mark(o.shop_id, o.confirmed_at);
  end loop;
  return null;
end $$;
create trigger order_items_product_sales_mark after insert or update or delete on order_items
  for each row execute function order_items_product_sales_mark();

-- A new time zone moves every order to another day: the rollup starts again from marks.
create function shops_product_sales_zone() returns trigger language plpgsql as $$
begin
  delete from product_sales_days where shop_id = new.id;
  delete from product_sales_dirty where shop_id = new.id;
  insert into product_sales_dirty (shop_id, day)
  select distinct new.id, (o.confirmed_at at time zone new.time_zone)::date
    from orders o where o.shop_id = new.id and o.status in (1, 2) and o.confirmed_at is not null;
  return null;
end $$;
create trigger shops_product_sales_zone after update of time_zone on shops
  for each row when (old.time_zone is distinct from new.time_zone) execute function shops_product_sales_zone();

-- Backfill: every day of every shop from the raw rows.
insert into product_sales_days (shop_id, day, product_id, orders, value_cents, quantity)
select o.shop_id, (o.confirmed_at at time zone s.time_zone)::date, oi.product_id, count(distinct o.id),
       sum(oi.total_cents), sum(oi.quantity)
  from orders o join shops s on s.id = o.shop_id join order_items oi on oi.order_id = o.id
 where o.status in (1, 2) and o.confirmed_at is not null and not oi.is_gift
 group by 1, 2, 3;
