-- Vendas by day and by month (issue 37, docs/decisions/0068-sales-rollup.md): Relatórios › Vendas reads per-day and
-- per-month rows of its figures instead of every order of the range (a year of a shop with 1,000,000 orders was
-- 12–24 s).
--
-- 1. sales_days (shop, shop-local day of confirmed_at, dim, channel, staff user, key): the figures of the day's
--    placed orders (Received, Finalized and Canceled, as modules/order/sales-report.ts counts them) per split:
--    dim 'bucket' (key ''), 'channel', 'payment', 'agent', 'logistic', 'store', 'coupon'. Every row keeps the
--    orders' channel and staff user (the report's two filters) so a filter is a `where`.
-- 2. sales_months: the sum of a shop-local month's day rows, moved by the refresher with the day.
-- 3. The days to recompute are migration 0090's marks (product_sales_dirty): one mark means "this day's sales
--    are stale", for both rollups. The marking now also covers cancelled orders, an order's total, discount,
--    channel and checkout, its charges (the payment method), its ledger (paid, refunded) and WhatsApp catalogue
--    origin. A time zone change drops both rollups and marks every day.
-- The backfill is the marks: every day with a placed order is marked and the refresher computes it (the report is
-- exact meanwhile: a marked day is read from the raw rows).

create table sales_days (
  shop_id text not null references shops(id) on delete cascade,
  day date not null,
  dim text not null check (dim in ('bucket', 'channel', 'payment', 'agent', 'logistic', 'store', 'coupon')),
  channel_type smallint not null,
  agent_user text not null, -- the selling console user's id, '' when none
  key text not null,
  label text,
  orders integer not null,
  revenue_cents bigint not null,
  units numeric(18, 3) not null,
  weight_kg numeric(18, 3) not null,
  discount_cents bigint not null,
  refunded_cents bigint not null,
  canceled_orders integer not null,
  canceled_cents bigint not null,
  primary key (shop_id, day, dim, channel_type, agent_user, key)
);

create table sales_months (
  shop_id text not null references shops(id) on delete cascade,
  month date not null,
  dim text not null,
  channel_type smallint not null,
  agent_user text not null,
  key text not null,
  label text,
  orders integer not null,
  revenue_cents bigint not null,
  units numeric(18, 3) not null,
  weight_kg numeric(18, 3) not null,
  discount_cents bigint not null,
  refunded_cents bigint not null,
  canceled_orders integer not null,
  canceled_cents bigint not null,
  primary key (shop_id, month, dim, channel_type, agent_user, key)
);

-- The day of an order that Vendas counts (Received, Finalized or Canceled, confirmed), marked.
create function sales_mark_order(p_order text) returns void language sql as $$
  insert into product_sales_dirty (shop_id, day)
  select o.shop_id, (o.confirmed_at at time zone s.time_zone)::date
    from orders o join shops s on s.id = o.shop_id
   where o.id = p_order and o.status in (1, 2, 3) and o.confirmed_at is not null
  on conflict (shop_id, day) do update set version = product_sales_dirty.version + 1
$$;

-- An order counts on its confirmed_at's day while it is Received, Finalized or Canceled; any of the report's
-- inputs on the order row changing marks its old and new day.
create or replace function orders_product_sales_mark() returns trigger language plpgsql as $$
declare
  old_counts boolean := tg_op <> 'INSERT' and old.status in (1, 2, 3) and old.confirmed_at is not null;
  new_counts boolean := tg_op <> 'DELETE' and new.status in (1, 2, 3) and new.confirmed_at is not null;
begin
  if tg_op = 'UPDATE' and old.status = new.status and old.confirmed_at is not distinct from new.confirmed_at
     and old.total_cents = new.total_cents and old.discount_cents = new.discount_cents
     and old.channel_type = new.channel_type and old.checkout is not distinct from new.checkout then
    return null;
  end if;
  if old_counts then
    perform product_sales_mark(old.shop_id, old.confirmed_at);
  end if;
  if new_counts and (not old_counts or old.confirmed_at <> new.confirmed_at) then
    perform product_sales_mark(new.shop_id, new.confirmed_at);
  end if;
  return null;
end $$;
drop trigger orders_product_sales_mark on orders;
create trigger orders_product_sales_mark after insert or delete on orders
  for each row execute function orders_product_sales_mark();
-- A cart's changes (status Creating) call nothing.
create trigger orders_product_sales_mark_update
  after update of status, confirmed_at, total_cents, discount_cents, channel_type, checkout on orders
  for each row when (old.status in (1, 2, 3) or new.status in (1, 2, 3))
  execute function orders_product_sales_mark();

-- A row of an order's lines, charges, ledger or WhatsApp catalogue origin added, changed or removed.
create function order_rows_sales_mark() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform sales_mark_order(old.order_id);
  end if;
  if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.order_id is distinct from old.order_id) then
    perform sales_mark_order(new.order_id);
  end if;
  return null;
end $$;
drop trigger order_items_product_sales_mark on order_items;
drop function order_items_product_sales_mark();
create trigger order_items_product_sales_mark after insert or update or delete on order_items
  for each row execute function order_rows_sales_mark();
create trigger payments_sales_mark after insert or delete or update of order_id, method, created_at on payments
  for each row execute function order_rows_sales_mark();
create trigger payment_ledger_sales_mark after insert or delete or update on payment_ledger
  for each row execute function order_rows_sales_mark();
create trigger whatsapp_catalog_orders_sales_mark after insert or delete or update of order_id
  on whatsapp_catalog_orders for each row execute function order_rows_sales_mark();

-- A new time zone moves every order to another day: both rollups start again from marks.
create or replace function shops_product_sales_zone() returns trigger language plpgsql as $$
begin
  delete from product_sales_days where shop_id = new.id;
  delete from product_sales_months where shop_id = new.id;
  delete from sales_days where shop_id = new.id;
  delete from sales_months where shop_id = new.id;
  delete from product_sales_dirty where shop_id = new.id;
  insert into product_sales_dirty (shop_id, day)
  select distinct new.id, (o.confirmed_at at time zone new.time_zone)::date
    from orders o where o.shop_id = new.id and o.status in (1, 2, 3) and o.confirmed_at is not null;
  return null;
end $$;

-- Backfill: every day with an order Vendas counts is marked (the refresher computes its rows).
insert into product_sales_dirty (shop_id, day)
select distinct o.shop_id, (o.confirmed_at at time zone s.time_zone)::date
  from orders o join shops s on s.id = o.shop_id
 where o.status in (1, 2, 3) and o.confirmed_at is not null
on conflict (shop_id, day) do update set version = product_sales_dirty.version + 1;
