-- Relatórios › Produtos by the month (issue 37, docs/decisions/0063-report-month-rollups.md): a year's best
-- sellers and views summed ~365 daily rows per product; a range now reads its whole months from a monthly table
-- and only its partial months' days from the daily one.
--
-- 1. product_sales_months (shop, first day of the shop-local month, product): the sum of that month's
--    product_sales_days rows, kept by the refresher (modules/order/product-sales-days.ts) in the transaction that
--    recomputes a day: the month gets the day's new rows less its old ones. A month row is the sum of its day
--    rows, stale days included: the report subtracts a marked day's rollup rows and adds its raw lines.
-- 2. product_view_months (shop, month, product): the sum of that month's product_view_days rows, added to by the
--    same statement that adds to the day rows; the retention's purge subtracts the days it deletes.

create table product_sales_months (
  shop_id text not null references shops(id) on delete cascade,
  month date not null check (extract(day from month) = 1),
  product_id text not null,
  orders integer not null,
  value_cents bigint not null,
  quantity numeric(16, 3) not null,
  primary key (shop_id, month, product_id)
);

create table product_view_months (
  shop_id text not null references shops (id),
  month date not null check (extract(day from month) = 1),
  product_id text not null references products (id),
  views integer not null check (views > 0),
  primary key (shop_id, month, product_id)
);

-- A new time zone moves every order to another day and month: both rollups start again from marks.
create or replace function shops_product_sales_zone() returns trigger language plpgsql as $$
begin
  delete from product_sales_days where shop_id = new.id;
  delete from product_sales_months where shop_id = new.id;
  delete from product_sales_dirty where shop_id = new.id;
  insert into product_sales_dirty (shop_id, day)
  select distinct new.id, (o.confirmed_at at time zone new.time_zone)::date
    from orders o where o.shop_id = new.id and o.status in (1, 2) and o.confirmed_at is not null;
  return null;
end $$;

-- Backfill: the months of the day rows there are.
insert into product_sales_months (shop_id, month, product_id, orders, value_cents, quantity)
select shop_id, date_trunc('month', day)::date, product_id, sum(orders), sum(value_cents), sum(quantity)
  from product_sales_days group by 1, 2, 3;

insert into product_view_months (shop_id, month, product_id, views)
select shop_id, date_trunc('month', day)::date, product_id, sum(views)
  from product_view_days group by 1, 2, 3;
