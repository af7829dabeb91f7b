-- Issue 39 item 8: live event streams read with a commit-safe horizon (modules/live-events/commit-safe.ts). A
-- stream moves its floor past an id once every transaction that could hold it has ended, judged by snapshots:
-- that needs a transaction to have its xid before it takes an event id. The AFTER triggers raising shop_events
-- and order_events rows run after their row's write (the xid exists); this BEFORE trigger takes
-- orders.live_event_id before the order row is written, so it asks for the xid first.
create or replace function orders_mark_live_event() returns trigger language plpgsql as $$
declare
  actor text := coalesce(nullif(current_setting('vitrine.actor', true), ''), 'system');
begin
  if actor not in ('shopper', 'agent', 'staff') then
    actor := 'system';
  end if;
  perform pg_current_xact_id();
  new.live_event_id := nextval('order_events_id_seq');
  new.changed_by := actor;
  perform pg_notify('vitrine_order_events', json_build_object('id', new.live_event_id, 'order', new.id)::text);
  return new;
end;
$$;
