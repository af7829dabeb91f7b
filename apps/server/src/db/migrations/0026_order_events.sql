-- Live order events for the storefront (docs/decisions/0026-live-order.md): every change to an order's version
-- (lines, gifts, coupon, delivery, payment method, status, fulfilment) and every payment created or moved is
-- written to order_events by a trigger, in the transaction of the change, with the order's version and who made
-- it, and announced with NOTIFY on channel 'vitrine_order_events' ({id, order}) at commit. The storefront's event
-- stream of an order (shopper and agent alike) re-reads the rows after the last one it sent; a browser that
-- reconnects with Last-Event-ID is replayed the rows after it. Rows older than a day are pruned by every instance.
--
-- Who made the change: the transaction-local setting 'vitrine.actor' (set by the order module when it locks or
-- writes a session's order: 'shopper' or 'agent'; 'staff' for the console's moves); payment rows are 'payment';
-- anything else (sweepers, scripts) is 'system'.
create table order_events (
  id bigint generated always as identity primary key,
  shop_id text not null references shops(id),
  order_id text not null references orders(id),
  version integer not null,
  kind text not null check (kind in ('order', 'payment')),
  actor text not null check (actor in ('shopper', 'agent', 'staff', 'payment', 'system')),
  created_at timestamptz not null default now()
);
create index order_events_order_idx on order_events (order_id, id);
create index order_events_age_idx on order_events (created_at);

create function order_events_raise(p_shop text, p_order text, p_version integer, p_kind text, p_actor text)
returns void language plpgsql as $$
declare
  event_id bigint;
begin
  insert into order_events (shop_id, order_id, version, kind, actor)
    values (p_shop, p_order, p_version, p_kind, p_actor) returning id into event_id;
  perform pg_notify('vitrine_order_events', json_build_object('id', event_id, 'order', p_order)::text);
end;
$$;

create function orders_raise_live_event() returns trigger language plpgsql as $$
declare
  actor text := coalesce(nullif(current_setting('vitrine.actor', true), ''), 'system');
begin
  if actor not in ('shopper', 'agent', 'staff') then
    actor := 'system';
  end if;
  perform order_events_raise(new.shop_id, new.id, new.version, 'order', actor);
  return null;
end;
$$;
create trigger orders_raise_live_event after update of version on orders
  for each row when (new.version is distinct from old.version) execute function orders_raise_live_event();

create function payments_raise_live_event() returns trigger language plpgsql as $$
declare
  order_version integer;
begin
  if tg_op = 'INSERT' or old.status is distinct from new.status then
    select version into order_version from orders where id = new.order_id;
    perform order_events_raise(new.shop_id, new.order_id, coalesce(order_version, 0), 'payment', 'payment');
  end if;
  return null;
end;
$$;
create trigger payments_raise_live_event after insert or update of status on payments
  for each row execute function payments_raise_live_event();
