-- Stock that never oversells (issue 31, docs/decisions/0044-stock-ledger.md).
--
-- A sellable unit is a product without variants or one variant; its id (unit_id) is the variant's id, else the
-- product's. Quantities are whole units, or grams for kilo products (a line of `quantity` portions of
-- amount_in_kilo kg holds round(quantity × amount_in_kilo × 1000) g).
--
-- 1. stock_settings: per product, whether stock is tracked (off = unlimited, the default: nothing changes for a
--    product until its owner turns it on), whether it sells beyond the stock (backorder) and its low threshold.
-- 2. stock_movements: the append-only ledger (no update, no delete). Each row moves on hand and/or held, with its
--    reason, who made it and the order where there is one. An absolute count (spreadsheet, Tray, inventory API)
--    is a row with on_hand_target: its delta is computed under the unit's row lock, so two counts never add up.
-- 3. stock_levels: one row per unit with on hand and held, the sums of its ledger rows, written ONLY by the
--    triggers below (a direct write is refused); its checks refuse held < 0 and available < 0 without backorder,
--    whoever writes the ledger.
-- 4. Orders move stock by themselves, whoever changes their status (customer or agent confirm, staff board, a
--    payment): → Received holds every tracked line (all or nothing, 'stock_short' naming the product and what is
--    left), → Canceled / Error releases what the order holds, → Finalized turns what it holds into sold. A Pix or
--    boleto charge that expires releases the order's hold; a new charge of a Received order holds it again.
--    Holding and releasing go by what the ledger says the order holds, so neither can run twice.

create table stock_settings (
  product_id text primary key references products(id),
  shop_id text not null references shops(id),
  track boolean not null default false,
  allow_backorder boolean not null default false,
  low_threshold integer not null default 0 check (low_threshold between 0 and 1000000000),
  updated_at timestamptz not null default now()
);
create index stock_settings_shop_idx on stock_settings (shop_id) where track;

create table stock_levels (
  unit_id text primary key,
  shop_id text not null references shops(id),
  product_id text not null references products(id),
  variant_id text,
  on_hand integer not null default 0,
  held integer not null default 0,
  available integer generated always as (on_hand - held) stored,
  allow_backorder boolean not null default false,
  updated_at timestamptz not null default now(),
  constraint stock_levels_held check (held >= 0),
  constraint stock_levels_available check (allow_backorder or on_hand - held >= 0)
);
create index stock_levels_product_idx on stock_levels (product_id);

create table stock_movements (
  id bigint generated always as identity primary key,
  shop_id text not null references shops(id),
  unit_id text not null,
  product_id text not null references products(id),
  variant_id text,
  reason text not null check (reason in ('sale_held', 'sale_released', 'cancel', 'payment_expired', 'sold',
    'adjustment', 'import', 'tray_sync', 'inventory_api', 'return', 'edit')),
  on_hand_delta integer not null default 0,
  held_delta integer not null default 0,
  on_hand_target integer check (on_hand_target >= 0),
  order_id text references orders(id),
  actor text not null check (actor in ('shopper', 'agent', 'staff', 'platform', 'system')),
  staff_id text,
  note text check (length(note) between 1 and 500),
  created_at timestamptz not null default now(),
  constraint stock_movements_moves check (on_hand_delta <> 0 or held_delta <> 0),
  constraint stock_movements_sale_has_order check (
    reason not in ('sale_held', 'sale_released', 'cancel', 'payment_expired', 'sold') or order_id is not null),
  constraint stock_movements_adjustment_note check (reason <> 'adjustment' or note is not null)
);
create index stock_movements_unit_idx on stock_movements (unit_id, id desc);
create index stock_movements_product_idx on stock_movements (product_id, id desc);
create index stock_movements_order_idx on stock_movements (order_id) where order_id is not null;

-- The ledger is append-only.
create function stock_movements_frozen() returns trigger language plpgsql as $$
begin
  raise exception 'stock_movements is append-only' using errcode = 'VS003';
end $$;
create trigger stock_movements_frozen before update or delete on stock_movements
  for each row execute function stock_movements_frozen();

-- stock_levels is written by the triggers of this file only (depth ≥ 2: a trigger writing it).
create function stock_levels_guard() returns trigger language plpgsql as $$
begin
  if pg_trigger_depth() < 2 then
    raise exception 'stock_levels is kept by the stock_movements trigger' using errcode = 'VS002';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end $$;
create trigger stock_levels_guard before insert or update or delete on stock_levels
  for each row execute function stock_levels_guard();

-- Who moves stock: the order module's transaction actor (migration 0027), or 'platform' / 'system'.
create function stock_actor() returns text language sql stable as $$
  select case when current_setting('vitrine.actor', true) in ('shopper', 'agent', 'staff', 'platform')
              then current_setting('vitrine.actor', true) else 'system' end
$$;

-- Before a ledger row: its unit's level row exists, and an absolute count becomes a delta under the row lock
-- (a count that changes nothing is not written).
create function stock_movements_prepare() returns trigger language plpgsql as $$
declare
  current_on_hand integer;
begin
  insert into stock_levels (unit_id, shop_id, product_id, variant_id, allow_backorder)
  values (new.unit_id, new.shop_id, new.product_id, new.variant_id,
          coalesce((select allow_backorder from stock_settings where product_id = new.product_id), false))
  on conflict (unit_id) do nothing;
  if new.on_hand_target is not null then
    select on_hand into current_on_hand from stock_levels where unit_id = new.unit_id for update;
    new.on_hand_delta := new.on_hand_target - current_on_hand;
    if new.on_hand_delta = 0 and new.held_delta = 0 then
      return null;
    end if;
  end if;
  return new;
end $$;
create trigger stock_movements_prepare before insert on stock_movements
  for each row execute function stock_movements_prepare();

-- After a ledger row: its unit's level moves by the row's deltas (the checks refuse what would oversell).
create function stock_movements_apply() returns trigger language plpgsql as $$
begin
  update stock_levels
     set on_hand = on_hand + new.on_hand_delta, held = held + new.held_delta, updated_at = now()
   where unit_id = new.unit_id;
  return null;
end $$;
create trigger stock_movements_apply after insert on stock_movements
  for each row execute function stock_movements_apply();

-- A product's backorder switch reaches its units' rows (switching it off while available < 0 is refused).
create function stock_settings_backorder() returns trigger language plpgsql as $$
begin
  update stock_levels set allow_backorder = new.allow_backorder, updated_at = now()
   where product_id = new.product_id and allow_backorder <> new.allow_backorder;
  return null;
end $$;
create trigger stock_settings_backorder after insert or update of allow_backorder on stock_settings
  for each row execute function stock_settings_backorder();

-- The product (and variant) name a refusal shows: "Camiseta (Azul, M)".
create function stock_unit_name(p_product text, p_variant text) returns text language sql stable as $$
  select p.name || coalesce(' (' || (
           select string_agg(o.name, ', ' order by a.position)
             from product_variants v cross join lateral jsonb_each_text(v.options) e
             join product_attributes a on a.product_id = p.id and a.provider_id = e.key
             join attribute_options o on o.attribute_id = a.id and o.provider_id = e.value
            where v.id = p_variant) || ')', '')
    from products p where p.id = p_product
$$;

-- Holds what the order's tracked lines need beyond what it already holds, unit by unit in unit_id order (two
-- orders never wait on each other's units); refuses the whole hold with 'stock_short' when a unit without
-- backorder has less available than the line needs.
create function stock_hold_order(p_order text) returns void language plpgsql as $$
declare
  line record;
  level record;
begin
  for line in
    select w.*, w.wanted - coalesce((select sum(m.held_delta) from stock_movements m
                                      where m.order_id = p_order and m.unit_id = w.unit_id), 0) as need
      from (select i.shop_id, i.product_id, i.variant_id, coalesce(i.variant_id, i.product_id) as unit_id,
                   bool_or(p.sold_in_kilo) as kilo, s.allow_backorder,
                   sum(case when p.sold_in_kilo then round(i.quantity * coalesce(p.amount_in_kilo, 1) * 1000)
                            else ceil(i.quantity) end)::integer as wanted
              from order_items i
              join products p on p.id = i.product_id
              join stock_settings s on s.product_id = i.product_id and s.track
             where i.order_id = p_order and not i.is_gift
             group by i.shop_id, i.product_id, i.variant_id, s.allow_backorder) w
     order by w.unit_id
  loop
    continue when line.need <= 0;
    insert into stock_levels (unit_id, shop_id, product_id, variant_id, allow_backorder)
    values (line.unit_id, line.shop_id, line.product_id, line.variant_id, line.allow_backorder)
    on conflict (unit_id) do nothing;
    select on_hand - held as available, allow_backorder into level
      from stock_levels where unit_id = line.unit_id for update;
    if not level.allow_backorder and level.available < line.need then
      raise exception 'stock_short' using errcode = 'VS001', detail = json_build_object(
        'name', stock_unit_name(line.product_id, line.variant_id), 'left', greatest(level.available, 0),
        'kilo', line.kilo, 'productId', line.product_id, 'variantId', line.variant_id)::text;
    end if;
    insert into stock_movements (shop_id, unit_id, product_id, variant_id, reason, held_delta, order_id, actor)
    values (line.shop_id, line.unit_id, line.product_id, line.variant_id, 'sale_held', line.need, p_order,
            stock_actor());
  end loop;
end $$;

-- Gives back everything the order holds ('cancel', 'payment_expired', 'sale_released'), or with 'sold' takes
-- it off the shelf too; by the ledger, so a second call finds nothing held.
create function stock_settle_order(p_order text, p_reason text) returns void language plpgsql as $$
begin
  insert into stock_movements (shop_id, unit_id, product_id, variant_id, reason, on_hand_delta, held_delta,
                               order_id, actor)
  select shop_id, unit_id, product_id, variant_id, p_reason,
         case when p_reason = 'sold' then -sum(held_delta) else 0 end, -sum(held_delta), p_order, stock_actor()
    from stock_movements
   where order_id = p_order
   group by shop_id, unit_id, product_id, variant_id
  having sum(held_delta) > 0
   order by unit_id;
end $$;

create function orders_move_stock() returns trigger language plpgsql as $$
begin
  if new.status = 1 then
    perform stock_hold_order(new.id);
  elsif old.status = 1 then
    perform stock_settle_order(new.id, case new.status when 2 then 'sold' when 3 then 'cancel'
                                                      else 'sale_released' end);
  end if;
  return null;
end $$;
create trigger orders_move_stock after update of status on orders
  for each row when (new.status is distinct from old.status) execute function orders_move_stock();

-- A Pix (3) or boleto (1) charge that expires unpaid gives the Received order's stock back; a new charge of a
-- Received order (the shopper pays again) holds it again, or is refused when the stock went meanwhile.
create function payments_move_stock() returns trigger language plpgsql as $$
begin
  if (select status from orders where id = new.order_id) <> 1 then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform stock_hold_order(new.order_id);
  elsif new.status = 2 and old.status = 0 and new.method in (1, 3) then
    perform stock_settle_order(new.order_id, 'payment_expired');
  end if;
  return null;
end $$;
create trigger payments_hold_stock after insert on payments
  for each row when (new.status = 0) execute function payments_move_stock();
create trigger payments_release_stock after update of status on payments
  for each row when (new.status is distinct from old.status) execute function payments_move_stock();
