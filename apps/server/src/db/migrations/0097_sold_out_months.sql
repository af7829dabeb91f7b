-- Sold-out days by the month (issue 37, docs/decisions/0069-sold-out-months.md): a year of Relatórios › Produtos'
-- sold-out days cut ~50,000 spans (the bench's 100,000 movements) into days on every ask; a range now reads one row per
-- product and month.
--
-- stock_sold_out_months (shop, first day of the shop-local month, product): `days`, a bit per day of the month
-- (bit 0 = the 1st) on which one of the product's units was sold out by a closed span (migration 0086's
-- stock_sold_out_spans with an ended_at). A set of days, not a count: the spans of a product's units overlap, and
-- the report counts a day once; the range's edge months are masked to its days. Open spans are read live.
--
-- Kept in the transaction that changes a span, by triggers on the spans: closing a span (or writing a closed one)
-- ors its days into its months — commutative, so transactions closing spans of one product at once need no order;
-- removing or moving a closed span (not done by the app: a span is closed once) recomputes its months from the
-- closed spans left. Both lock the shop's row (share to add, exclusive to recompute, as a time zone change's update
-- does): a recompute or a zone change never misses a span committed meanwhile, nor is one added in the old zone.
-- A time zone change recomputes the shop's months (trigger on shops); the backfill computes every shop's.

create table stock_sold_out_months (
  shop_id text not null references shops (id) on delete cascade,
  month date not null check (extract(day from month) = 1),
  product_id text not null,
  days integer not null check (days > 0),
  primary key (shop_id, month, product_id)
);
-- The months of one product (the report's open spans, a recompute).
create index stock_sold_out_months_product_idx on stock_sold_out_months (shop_id, product_id, month);

-- The shop-local days of [p_from, p_until) as bits per month (the ledger replay's days of a span: its first
-- instant's day to the day of the instant before its end).
create function stock_sold_out_month_bits(p_from timestamptz, p_until timestamptz, p_zone text)
returns table (month date, days integer) language sql stable as $$
  select date_trunc('month', d.day)::date, sum(1 << (extract(day from d.day)::int - 1))::int
    from (select (p_from at time zone p_zone)::date as first,
                 ((p_until - interval '1 microsecond') at time zone p_zone)::date as last) b
         cross join lateral generate_series(0, b.last - b.first) i
         cross join lateral (select b.first + i as day) d
   group by 1
$$;

-- The bits of month p_month's days in [p_first, p_last] (0 for a month outside it).
create function stock_sold_out_mask(p_month date, p_first date, p_last date) returns integer
language sql immutable as $$
  select case when p_month > p_last or p_month + interval '1 month' <= p_first then 0
         else ((1::bigint << (case when p_last < p_month + interval '1 month' then extract(day from p_last)::int
                                   else 31 end))
               - (1::bigint << (case when p_first > p_month then extract(day from p_first)::int - 1 else 0 end)))::int
         end
$$;

-- The product's months [p_first, p_last] (first days) again from its closed spans; every product's when p_product
-- is null (a time zone change, the backfill).
create function stock_sold_out_months_recompute(p_shop text, p_product text, p_first date, p_last date)
returns void language plpgsql as $$
begin
  delete from stock_sold_out_months
   where shop_id = p_shop and (p_product is null or product_id = p_product) and month between p_first and p_last;
  insert into stock_sold_out_months (shop_id, month, product_id, days)
  select p_shop, b.month, x.product_id, bit_or(b.days)
    from stock_sold_out_spans x join shops s on s.id = x.shop_id
         cross join lateral stock_sold_out_month_bits(x.started_at, x.ended_at, s.time_zone) b
   where x.shop_id = p_shop and (p_product is null or x.product_id = p_product) and x.ended_at is not null
     and b.month between p_first and p_last
   group by b.month, x.product_id;
end $$;

create function stock_sold_out_spans_months() returns trigger language plpgsql as $$
declare
  zone text;
  first_month date;
  last_month date;
begin
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and old.ended_at is null and old.started_at = new.started_at) then
    -- A span closed (or written closed): its days added.
    select time_zone into zone from shops where id = new.shop_id for share;
    insert into stock_sold_out_months as m (shop_id, month, product_id, days)
    select new.shop_id, b.month, new.product_id, b.days
      from stock_sold_out_month_bits(new.started_at, new.ended_at, zone) b order by b.month
    on conflict (shop_id, month, product_id) do update set days = m.days | excluded.days;
    return null;
  end if;
  -- A closed span removed or moved: the months it touched (and now touches) from the closed spans left.
  select time_zone into zone from shops where id = old.shop_id for no key update;
  select min(b.month), max(b.month) into first_month, last_month
    from (select old.started_at as s, coalesce(old.ended_at, now()) as e
          union all
          select new.started_at, new.ended_at where tg_op = 'UPDATE' and new.ended_at is not null) x
         cross join lateral stock_sold_out_month_bits(x.s, x.e, zone) b;
  perform stock_sold_out_months_recompute(old.shop_id, old.product_id, first_month, last_month);
  return null;
end $$;
create trigger stock_sold_out_spans_months_insert after insert on stock_sold_out_spans
  for each row when (new.ended_at is not null) execute function stock_sold_out_spans_months();
create trigger stock_sold_out_spans_months_update after update on stock_sold_out_spans
  for each row when (old.ended_at is not null or new.ended_at is not null) execute function stock_sold_out_spans_months();
create trigger stock_sold_out_spans_months_delete after delete on stock_sold_out_spans
  for each row when (old.ended_at is not null) execute function stock_sold_out_spans_months();

-- A new time zone moves every span to other local days: the shop's months again from its spans.
create function shops_sold_out_zone() returns trigger language plpgsql as $$
begin
  perform stock_sold_out_months_recompute(new.id, null, '-infinity', 'infinity');
  return null;
end $$;
create trigger shops_sold_out_zone after update of time_zone on shops
  for each row when (old.time_zone is distinct from new.time_zone) execute function shops_sold_out_zone();

-- Backfill: every shop's closed spans.
select stock_sold_out_months_recompute(id, null, '-infinity', 'infinity') from shops;
