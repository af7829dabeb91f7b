-- Issue 34 (docs/decisions/0053-order-edits.md, addendum "A paid order not yet delivered"): a paid order is
-- Finalized (decision 0046) and its stock already sold, yet until it is delivered the contact may still add the
-- forgotten bread. stock_edit_order now moves such an order by what it sold rather than by what it holds: per
-- tracked unit, what its lines now need minus what its 'sold' and 'edit' rows took off the shelf (returns are
-- their own rows and do not count: a returned item's line stays on the order) — more taken off the shelf
-- (refused with 'stock_short' like a confirm when a unit without backorder lacks it) or put back, one 'edit' row
-- each with on_hand_delta and no hold. A Received order keeps the hold by the difference of migration 0067.

create or replace function stock_edit_order(p_order text) returns void language plpgsql as $$
declare
  line record;
  level record;
  finalized boolean := (select status = 2 from orders where id = p_order);
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
    taken as (
      select m.shop_id, m.product_id, m.variant_id, m.unit_id,
             (sum(m.held_delta) - sum(case when m.reason in ('sold', 'edit') then m.on_hand_delta else 0 end))::integer
               as taken
        from stock_movements m
        join stock_settings s on s.product_id = m.product_id and s.track
       where m.order_id = p_order
       group by m.shop_id, m.product_id, m.variant_id, m.unit_id)
    select coalesce(w.shop_id, t.shop_id) as shop_id, coalesce(w.product_id, t.product_id) as product_id,
           coalesce(w.variant_id, t.variant_id) as variant_id, coalesce(w.unit_id, t.unit_id) as unit_id,
           coalesce(w.kilo, false) as kilo, coalesce(w.allow_backorder, true) as allow_backorder,
           coalesce(w.wanted, 0) - coalesce(t.taken, 0) as need
      from wanted w full join taken t on t.unit_id = w.unit_id
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
    insert into stock_movements (shop_id, unit_id, product_id, variant_id, reason, on_hand_delta, held_delta,
                                 order_id, actor)
    values (line.shop_id, line.unit_id, line.product_id, line.variant_id, 'edit',
            case when finalized then -line.need else 0 end, case when finalized then 0 else line.need end,
            p_order, stock_actor());
  end loop;
end $$;
