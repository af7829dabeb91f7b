-- Live order events carry the order's status and, for a payment event, the payment's status at the change
-- (docs/decisions/0026-live-order.md): a payment page moves on (paid → /finish, expired → the error dialog)
-- from the event itself, without a read of its own.
alter table order_events add column status smallint;
alter table order_events add column payment_status smallint;

drop function order_events_raise(text, text, integer, text, text);
create function order_events_raise(
  p_shop text, p_order text, p_version integer, p_kind text, p_actor text, p_status smallint, p_payment_status smallint
) returns void language plpgsql as $$
declare
  event_id bigint;
begin
  insert into order_events (shop_id, order_id, version, kind, actor, status, payment_status)
    values (p_shop, p_order, p_version, p_kind, p_actor, p_status, p_payment_status) returning id into event_id;
  perform pg_notify('vitrine_order_events', json_build_object('id', event_id, 'order', p_order)::text);
end;
$$;

create or replace function orders_raise_live_event() returns trigger language plpgsql as $$
declare
  actor text := coalesce(nullif(current_setting('vitrine.actor', true), ''), 'system');
begin
  if actor not in ('shopper', 'agent', 'staff') then
    actor := 'system';
  end if;
  perform order_events_raise(new.shop_id, new.id, new.version, 'order', actor, new.status, null);
  return null;
end;
$$;

create or replace function payments_raise_live_event() returns trigger language plpgsql as $$
declare
  o record;
begin
  if tg_op = 'INSERT' or old.status is distinct from new.status then
    select version, status into o from orders where id = new.order_id;
    perform order_events_raise(new.shop_id, new.order_id, coalesce(o.version, 0), 'payment', 'payment', o.status,
      new.status);
  end if;
  return null;
end;
$$;
