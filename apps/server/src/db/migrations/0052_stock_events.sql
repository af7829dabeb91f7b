-- Signed 'stock.low' / 'stock.out' chatbot events (issue 31, docs/decisions/0044-stock-ledger.md, docs/events.md).
--
-- A ledger row that takes a tracked unit's available quantity down across a line queues one event in the outbox, in
-- the same statement as the movement (whoever wrote it: a confirm's hold, a count, an adjustment, an import):
--   stock.out  available went from above 0 to 0 or less;
--   stock.low  otherwise, available went from above the product's low threshold to at or below it.
-- A crossing is a before/after comparison of one row, so further movements below the line queue nothing, and the
-- dedupe key names the movement, so a crossing queues once however many instances run. The outbox worker delivers
-- it signed like every event (modules/outbox/worker.ts).

-- An outbox id as lib/ids.ts mints them: 'obx_' + a lower-case ULID (48-bit milliseconds, 80 random bits).
create function outbox_new_id() returns text language plpgsql volatile as $$
declare
  alphabet constant text := '0123456789abcdefghjkmnpqrstvwxyz';
  ms bigint := floor(extract(epoch from clock_timestamp()) * 1000);
  id text := '';
begin
  for i in 1..10 loop
    id := substr(alphabet, (ms % 32)::int + 1, 1) || id;
    ms := ms / 32;
  end loop;
  for i in 1..16 loop
    id := id || substr(alphabet, floor(random() * 32)::int + 1, 1);
  end loop;
  return 'obx_' || id;
end $$;

-- The SQL twin of modules/outbox/enqueue.ts enqueueEvent, for triggers: queued once per (shop, dedupe key).
create function outbox_enqueue_event(p_shop text, p_type text, p_data jsonb, p_dedupe text) returns void
language sql volatile as $$
  insert into outbox (id, shop_id, kind, type, dedupe_key, content_hash, order_id, payload)
  values (outbox_new_id(), p_shop, 'event', p_type, left('event:' || p_dedupe, 200),
          md5(p_type || p_data::text), null, jsonb_build_object('data', p_data))
  on conflict (shop_id, dedupe_key) do nothing
$$;

-- What a stock event says: the unit (SKU, name, the product's and variant's codes), its measure and level, the
-- product's threshold and the movement that crossed the line.
create function stock_event_data(m stock_movements, on_hand integer, held integer, threshold integer)
returns jsonb language sql stable as $$
  select jsonb_build_object(
    'unit', jsonb_build_object(
      'sku', coalesce(v.sku, p.sku),
      'name', stock_unit_name(m.product_id, m.variant_id),
      'productId', p.provider_id,
      'variantId', v.provider_id),
    'measure', case when p.sold_in_kilo then 'gram' else 'unit' end,
    'onHand', on_hand,
    'held', held,
    'available', on_hand - held,
    'lowThreshold', threshold,
    'movement', jsonb_build_object('reason', m.reason, 'orderId', m.order_id))
  from products p left join product_variants v on v.id = m.variant_id
  where p.id = m.product_id
$$;

-- After a ledger row: its unit's level moves by the row's deltas (the checks refuse what would oversell), and a
-- tracked unit whose available crossed its threshold or 0 downward queues its event.
create or replace function stock_movements_apply() returns trigger language plpgsql as $$
declare
  level record;
  before_available integer;
  settings record;
  kind text;
begin
  update stock_levels
     set on_hand = on_hand + new.on_hand_delta, held = held + new.held_delta, updated_at = now()
   where unit_id = new.unit_id
  returning stock_levels.on_hand, stock_levels.held, stock_levels.on_hand - stock_levels.held as available
    into level;
  before_available := level.available - (new.on_hand_delta - new.held_delta);
  if level.available >= before_available then
    return null;
  end if;
  select s.track, s.low_threshold into settings from stock_settings s where s.product_id = new.product_id;
  if not coalesce(settings.track, false) then
    return null;
  end if;
  if before_available > 0 and level.available <= 0 then
    kind := 'stock.out';
  elsif before_available > settings.low_threshold and level.available <= settings.low_threshold then
    kind := 'stock.low';
  else
    return null;
  end if;
  perform outbox_enqueue_event(new.shop_id, kind,
    stock_event_data(new, level.on_hand, level.held, settings.low_threshold),
    kind || ':' || new.unit_id || ':' || new.id);
  return null;
end $$;
