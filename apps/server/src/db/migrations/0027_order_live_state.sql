-- The live order's order events without a row per cart change (docs/decisions/0027-live-order-events-on-orders.md).
-- Migration 0026 wrote an order_events row (and a NOTIFY) for every change of an order's version: on add to cart
-- the row's insert and its two indexes cost more than the rest of the trigger (PGlite: ~0.15 ms of a ~1.2 ms
-- request). Now the order row itself keeps its newest event — `live_event_id`, from order_events' own sequence, so
-- one id space orders the order's state and its payment rows — and who made that change (`changed_by`); a BEFORE
-- trigger sets both and sends the NOTIFY ({id, order}) in the change's transaction, as before. order_events keeps
-- only payment rows. A stream replays the payment rows after the browser's Last-Event-ID and, when the order
-- changed after it, the order as it is now (newest version, status and actor: the browser only needs the newest).
alter table orders add column live_event_id bigint;
alter table orders add column changed_by text check (changed_by in ('shopper', 'agent', 'staff', 'system'));

update orders o set live_event_id = e.id, changed_by = e.actor
  from (select distinct on (order_id) order_id, id, actor from order_events where kind = 'order'
         order by order_id, id desc) e
 where e.order_id = o.id;
delete from order_events where kind = 'order';

drop trigger orders_raise_live_event on orders;
drop function orders_raise_live_event();

create function orders_mark_live_event() returns trigger language plpgsql as $$
declare
  actor text := coalesce(nullif(current_setting('vitrine.actor', true), ''), 'system');
begin
  if actor not in ('shopper', 'agent', 'staff') then
    actor := 'system';
  end if;
  new.live_event_id := nextval('order_events_id_seq');
  new.changed_by := actor;
  perform pg_notify('vitrine_order_events', json_build_object('id', new.live_event_id, 'order', new.id)::text);
  return new;
end;
$$;
create trigger orders_mark_live_event before update of version on orders
  for each row when (new.version is distinct from old.version) execute function orders_mark_live_event();
