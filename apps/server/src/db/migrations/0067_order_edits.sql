-- Editing a confirmed order with the contact's agreement (issue 34, docs/decisions/0053-order-edits.md).
--
-- 1. order_edits: one row per proposal the staff made on a Received order — the changes asked (the cart's own
--    line bodies), the order's version they were made against, the lines and totals before and after as the
--    cart's pricing computed them, who proposed it and when, and what the contact decided (accepted, declined) or
--    that a newer proposal replaced it. An accepted row is the order's version history: `before` is the previous
--    version (lines and totals), `after` the one it became (`applied_version`), who proposed and who accepted.
--    At most one proposal of an order waits for the contact (order_edits_open_uq).
-- 2. stock_edit_order: an accepted edit moves the order's hold by the difference between what its lines now need
--    and what the ledger says it holds, unit by unit in unit_id order, with reason 'edit' (in 0050's enum since
--    the start): more held (refused with 'stock_short' like a confirm when a unit without backorder lacks it) or
--    released. Called in the transaction that writes the new lines, under the order's row lock.

create table order_edits (
  id text primary key,
  shop_id text not null references shops(id),
  order_id text not null references orders(id),
  base_version integer not null,
  state text not null default 'proposed' check (state in ('proposed', 'accepted', 'declined', 'superseded')),
  changes jsonb not null,
  before jsonb not null,
  after jsonb not null,
  difference_cents integer not null,
  proposed_by text references staff_users(id),
  proposed_by_name text not null check (length(proposed_by_name) between 1 and 254),
  note text check (length(note) between 1 and 500),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by text check (decided_by in ('contact', 'staff')),
  applied_version integer,
  check ((state = 'proposed') = (decided_at is null)),
  check ((state = 'accepted') = (applied_version is not null))
);
create index order_edits_order_idx on order_edits (order_id, created_at desc);
create unique index order_edits_open_uq on order_edits (order_id) where state = 'proposed';

create function stock_edit_order(p_order text) returns void language plpgsql as $$
declare
  line record;
  level record;
begin
  for line in
    with wanted as (
      select i.shop_id, i.product_id, i.variant_id, coalesce(i.variant_id, i.product_id) as unit_id,
             bool_or(p.sold_in_kilo) as kilo, s.allow_backorder,
             sum(case when p.sold_in_kilo then round(i.quantity * coalesce(p.amount_in_kilo, 1) * 1000)
                      else ceil(i.quantity) end)::integer as wanted
        from order_items i
        join products p on p.id = i.product_id
        join stock_settings s on s.product_id = i.product_id and s.track
       where i.order_id = p_order and not i.is_gift
       group by i.shop_id, i.product_id, i.variant_id, s.allow_backorder),
    held as (
      select m.shop_id, m.product_id, m.variant_id, m.unit_id, sum(m.held_delta)::integer as held
        from stock_movements m
        join stock_settings s on s.product_id = m.product_id and s.track
       where m.order_id = p_order
       group by m.shop_id, m.product_id, m.variant_id, m.unit_id)
    select coalesce(w.shop_id, h.shop_id) as shop_id, coalesce(w.product_id, h.product_id) as product_id,
           coalesce(w.variant_id, h.variant_id) as variant_id, coalesce(w.unit_id, h.unit_id) as unit_id,
           coalesce(w.kilo, false) as kilo, coalesce(w.allow_backorder, true) as allow_backorder,
           coalesce(w.wanted, 0) - coalesce(h.held, 0) as need
      from wanted w full join held h on h.unit_id = w.unit_id
     order by 4
  loop
    continue when line.need = 0;
    if line.need > 0 then
      -- Called from a statement, not a trigger: the level row is locked here but created (when missing) by the
      -- movement's own trigger (stock_levels_guard refuses a direct write).
      select on_hand - held as available, allow_backorder into level
        from stock_levels where unit_id = line.unit_id for update;
      if not found then
        select 0 as available, line.allow_backorder as allow_backorder into level;
      end if;
      if not level.allow_backorder and level.available < line.need then
        raise exception 'stock_short' using errcode = 'VS001', detail = json_build_object(
          'name', stock_unit_name(line.product_id, line.variant_id), 'left', greatest(level.available, 0),
          'kilo', line.kilo, 'productId', line.product_id, 'variantId', line.variant_id)::text;
      end if;
    end if;
    insert into stock_movements (shop_id, unit_id, product_id, variant_id, reason, held_delta, order_id, actor)
    values (line.shop_id, line.unit_id, line.product_id, line.variant_id, 'edit', line.need, p_order,
            stock_actor());
  end loop;
end $$;
