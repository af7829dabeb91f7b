-- Orders board (issue 16; docs/decisions/0022-orders-board-and-live-events.md): the per-shop order number, the
-- fulfilment steps beyond the spec's statuses, the cancel reason and refund decision, and the board's indexes.

-- Orders are numbered per shop when they are placed (confirmed_at set): a counter row per shop, taken under its
-- row lock by the trigger below, so two confirms of one shop can never get the same number.
create table shop_order_numbers (
  shop_id text primary key references shops(id),
  last_number integer not null check (last_number > 0)
);
alter table orders add column number integer check (number > 0);
create unique index orders_number_uq on orders (shop_id, number) where number is not null;

with ranked as (
  select id, row_number() over (partition by shop_id order by confirmed_at, id) as n
    from orders where confirmed_at is not null
)
update orders o set number = r.n from ranked r where r.id = o.id;
insert into shop_order_numbers (shop_id, last_number)
  select shop_id, max(number) from orders where number is not null group by shop_id;

create function orders_assign_number() returns trigger language plpgsql as $$
begin
  if new.confirmed_at is not null and new.number is null then
    insert into shop_order_numbers as c (shop_id, last_number) values (new.shop_id, 1)
      on conflict (shop_id) do update set last_number = c.last_number + 1
      returning last_number into new.number;
  end if;
  return new;
end;
$$;
create trigger orders_assign_number before insert or update of confirmed_at on orders
  for each row execute function orders_assign_number();

-- Fulfilment: separating → out_for_delivery | ready_for_pickup → delivered (modules/order/fulfilment.ts holds
-- the allowed moves); null until the first step.
alter table orders add column fulfilment text
  check (fulfilment in ('separating', 'out_for_delivery', 'ready_for_pickup', 'delivered'));
alter table orders add column fulfilment_at timestamptz;
alter table orders add column cancel_reason text check (length(cancel_reason) between 1 and 500);
alter table orders add column refund_decision text check (refund_decision in ('refund', 'no_refund'));

-- The board's first page walks this index newest first and stops after a page, whatever the filters on the row.
create index orders_board_idx on orders (shop_id, confirmed_at desc, id desc) where confirmed_at is not null;
create index orders_board_status_idx on orders (shop_id, status, confirmed_at desc, id desc)
  where confirmed_at is not null;
-- Text filter: customer name (trigram) and phone digits of the shop's contacts.
create index contacts_name_trgm_idx on contacts using gin (name gin_trgm_ops);
create index contacts_phone_trgm_idx on contacts using gin (phone gin_trgm_ops);
-- An order's history on its detail page (audit entries naming it).
create index audit_log_target_idx on audit_log (shop_id, target, created_at) where target is not null;
