-- Relatórios › Funil from a daily rollup (issue 37, docs/decisions/0064-funnel-rollup.md): a year read ~2.5 s of
-- raw sessions, orders and ledger rows; it now reads per (shop, shop-local day, channel, stage) counts.
--
-- 1. orders.first_received_at: the first money ever received for the order (the earliest 'received' ledger row),
--    set by a trigger on payment_ledger in the transaction that records the money. 'Pedidos pagos' counts an order
--    on that instant's day, whatever the range: a day's count never depends on the range asked.
-- 2. funnel_deltas: insert-only rows (+1 / -1 at an instant, per channel and stage) written by triggers on sessions
--    and orders in the transaction of the change: a change that moves a stage takes it off the instant it leaves
--    and adds it where it enters. No shared row is updated on a shopper's path (no lock between two shoppers).
-- 3. funnel_days: the folded deltas per shop-local day (the shop's zone at fold time). The refresher
--    (modules/order/funnel-days.ts) moves a shop's deltas into its days in one statement, under the shop's advisory
--    lock; the report reads days plus the deltas not folded yet, in one statement: exact whenever it reads.
-- 4. A time zone change rebuilds the shop's days from the raw rows less its pending deltas (one statement, under
--    the same lock); the migration backfills every shop the same way.

alter table orders add column first_received_at timestamptz;
update orders o set first_received_at = l.at
  from (select order_id, min(received_at) as at from payment_ledger where kind = 'received' group by order_id) l
 where l.order_id = o.id;

create function payment_ledger_first_received() returns trigger language plpgsql as $$
begin
  update orders set first_received_at = new.received_at
   where id = new.order_id and (first_received_at is null or first_received_at > new.received_at);
  return null;
end $$;
create trigger payment_ledger_first_received after insert on payment_ledger
  for each row when (new.kind = 'received') execute function payment_ledger_first_received();

create table funnel_days (
  shop_id text not null references shops(id) on delete cascade,
  day date not null,
  channel_type smallint not null,
  stage text not null check (stage in ('minted', 'opened', 'added', 'confirmed', 'paid', 'delivered')),
  n integer not null,
  primary key (shop_id, day, channel_type, stage)
);

-- No foreign key: its check would be a second look-up on every link minted (a deleted shop's deltas: the next fold
-- drops them).
create table funnel_deltas (
  shop_id text not null,
  id bigint generated always as identity,
  at timestamptz not null,
  channel_type smallint not null,
  stage text not null,
  n integer not null,
  primary key (shop_id, id)
);

-- A contact session is a link sent unless it is an anonymous visit (the shop's own link or QR code). Each stage
-- whose instant, channel or shop moved: -1 where it was, +1 where it is (plain inserts: the cheapest on this path).
create function sessions_funnel_delta() returns trigger language plpgsql as $$
declare
  stages text[] := array['minted', 'opened'];
  was timestamptz[];
  now_ timestamptz[];
  same boolean := tg_op = 'UPDATE' and old.shop_id = new.shop_id and old.channel_type = new.channel_type;
begin
  if tg_op <> 'INSERT' and old.session_type = 0 and old.user_id not like 'anonymous-%' then
    was := array[old.created_at, old.opened_at];
  end if;
  if tg_op <> 'DELETE' and new.session_type = 0 and new.user_id not like 'anonymous-%' then
    now_ := array[new.created_at, new.opened_at];
  end if;
  for i in 1 .. 2 loop
    continue when same and was[i] is not distinct from now_[i];
    if was[i] is not null then
      insert into funnel_deltas (shop_id, at, channel_type, stage, n) values (old.shop_id, was[i], old.channel_type, stages[i], -1);
    end if;
    if now_[i] is not null then
      insert into funnel_deltas (shop_id, at, channel_type, stage, n) values (new.shop_id, now_[i], new.channel_type, stages[i], 1);
    end if;
  end loop;
  return null;
end $$;
create trigger sessions_funnel_insert after insert on sessions for each row
  when (new.session_type = 0 and new.user_id not like 'anonymous-%') execute function sessions_funnel_delta();
create trigger sessions_funnel_delete after delete on sessions for each row
  when (old.session_type = 0 and old.user_id not like 'anonymous-%') execute function sessions_funnel_delta();
create trigger sessions_funnel_update after update on sessions for each row
  when ((old.shop_id, old.channel_type, old.session_type = 0 and old.user_id not like 'anonymous-%', old.created_at,
         old.opened_at)
        is distinct from
        (new.shop_id, new.channel_type, new.session_type = 0 and new.user_id not like 'anonymous-%', new.created_at,
         new.opened_at))
  execute function sessions_funnel_delta();

-- An order's stages: a cart with a product (created_at, once it left Creating or has an amount), confirmed
-- (confirmed_at, cancelled ones too), paid (first_received_at), delivered (fulfilment_at).
create function orders_funnel_delta() returns trigger language plpgsql as $$
declare
  stages text[] := array['added', 'confirmed', 'paid', 'delivered'];
  was timestamptz[];
  now_ timestamptz[];
  same boolean := tg_op = 'UPDATE' and old.shop_id = new.shop_id and old.channel_type = new.channel_type;
begin
  if tg_op <> 'INSERT' then
    was := array[case when old.status <> 0 or old.items_amount_cents > 0 then old.created_at end,
                 case when old.status in (1, 2, 3) then old.confirmed_at end,
                 old.first_received_at,
                 case when old.fulfilment = 'delivered' then old.fulfilment_at end];
  end if;
  if tg_op <> 'DELETE' then
    now_ := array[case when new.status <> 0 or new.items_amount_cents > 0 then new.created_at end,
                  case when new.status in (1, 2, 3) then new.confirmed_at end,
                  new.first_received_at,
                  case when new.fulfilment = 'delivered' then new.fulfilment_at end];
  end if;
  for i in 1 .. 4 loop
    continue when same and was[i] is not distinct from now_[i];
    if was[i] is not null then
      insert into funnel_deltas (shop_id, at, channel_type, stage, n) values (old.shop_id, was[i], old.channel_type, stages[i], -1);
    end if;
    if now_[i] is not null then
      insert into funnel_deltas (shop_id, at, channel_type, stage, n) values (new.shop_id, now_[i], new.channel_type, stages[i], 1);
    end if;
  end loop;
  return null;
end $$;
create trigger orders_funnel_insert_delete after insert or delete on orders
  for each row execute function orders_funnel_delta();
-- Adding a second product to a cart changes none of these: no call at all.
create trigger orders_funnel_update after update on orders for each row
  when ((old.shop_id, old.channel_type, old.status <> 0 or old.items_amount_cents > 0, old.created_at,
         old.status in (1, 2, 3), old.confirmed_at, old.first_received_at, old.fulfilment = 'delivered',
         old.fulfilment_at)
        is distinct from
        (new.shop_id, new.channel_type, new.status <> 0 or new.items_amount_cents > 0, new.created_at,
         new.status in (1, 2, 3), new.confirmed_at, new.first_received_at, new.fulfilment = 'delivered',
         new.fulfilment_at))
  execute function orders_funnel_delta();

-- A shop's days again from the raw rows, in its zone now, less the deltas not folded yet (they stay to be folded):
-- one statement, so a change committing meanwhile is in both or in neither.
create function funnel_days_rebuild(p_shop text) returns void language plpgsql as $$
begin
  perform pg_advisory_xact_lock(hashtext('funnel_days:' || p_shop));
  delete from funnel_days where shop_id = p_shop;
  insert into funnel_days (shop_id, day, channel_type, stage, n)
  select p_shop, (e.at at time zone s.time_zone)::date, e.channel_type, e.stage, sum(e.n)
    from shops s, (
      select 'minted' as stage, channel_type, created_at as at, 1 as n from sessions
       where shop_id = p_shop and session_type = 0 and user_id not like 'anonymous-%'
      union all
      select 'opened', channel_type, opened_at, 1 from sessions
       where shop_id = p_shop and session_type = 0 and user_id not like 'anonymous-%' and opened_at is not null
      union all
      select 'added', channel_type, created_at, 1 from orders
       where shop_id = p_shop and (status <> 0 or items_amount_cents > 0)
      union all
      select 'confirmed', channel_type, confirmed_at, 1 from orders
       where shop_id = p_shop and status in (1, 2, 3) and confirmed_at is not null
      union all
      select 'paid', channel_type, first_received_at, 1 from orders
       where shop_id = p_shop and first_received_at is not null
      union all
      select 'delivered', channel_type, fulfilment_at, 1 from orders
       where shop_id = p_shop and fulfilment = 'delivered' and fulfilment_at is not null
      union all
      select stage, channel_type, at, -n from funnel_deltas where shop_id = p_shop
    ) e
   where s.id = p_shop
   group by 2, 3, 4 having sum(e.n) <> 0;
end $$;

create function shops_funnel_zone() returns trigger language plpgsql as $$
begin
  perform funnel_days_rebuild(new.id);
  return null;
end $$;
create trigger shops_funnel_zone after update of time_zone on shops
  for each row when (old.time_zone is distinct from new.time_zone) execute function shops_funnel_zone();

-- Backfill: every shop's days.
select funnel_days_rebuild(id) from shops;
