-- Live console events (docs/decisions/0022-orders-board-and-live-events.md): every order placed, order status or
-- fulfilment change and payment status change is written to shop_events by a trigger, in the transaction of the
-- change, and announced with NOTIFY on channel 'vitrine_events' (the row id and shop) at commit. Whatever path
-- makes the change (storefront, agent, webhook, console, another instance), the console's event stream sees it;
-- a browser that reconnects with Last-Event-ID is replayed the rows after that id. Rows older than a day are
-- pruned by the event stream (modules/shop-events).
create table shop_events (
  id bigint generated always as identity primary key,
  shop_id text not null references shops(id),
  type text not null check (type in ('order.placed', 'order.changed', 'payment.changed')),
  order_id text not null references orders(id),
  created_at timestamptz not null default now()
);
create index shop_events_shop_idx on shop_events (shop_id, id);
create index shop_events_age_idx on shop_events (created_at);

create function shop_events_raise(p_shop text, p_type text, p_order text) returns void language plpgsql as $$
declare
  event_id bigint;
begin
  insert into shop_events (shop_id, type, order_id) values (p_shop, p_type, p_order) returning id into event_id;
  perform pg_notify('vitrine_events', json_build_object('id', event_id, 'shop', p_shop)::text);
end;
$$;

create function orders_raise_event() returns trigger language plpgsql as $$
begin
  if new.confirmed_at is null then
    return null;
  end if;
  if old.confirmed_at is null then
    perform shop_events_raise(new.shop_id, 'order.placed', new.id);
  elsif old.status is distinct from new.status or old.fulfilment is distinct from new.fulfilment then
    perform shop_events_raise(new.shop_id, 'order.changed', new.id);
  end if;
  return null;
end;
$$;
create trigger orders_raise_event after update of status, confirmed_at, fulfilment on orders
  for each row execute function orders_raise_event();

create function payments_raise_event() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or old.status is distinct from new.status then
    perform shop_events_raise(new.shop_id, 'payment.changed', new.order_id);
  end if;
  return null;
end;
$$;
create trigger payments_raise_event after insert or update of status on payments
  for each row execute function payments_raise_event();
