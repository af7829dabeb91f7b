-- Slot reservations the database keeps true (issue 15, docs/decisions/0020-several-instances.md).
--
-- 1. schedule_slots.reserved is the count of the slot's reservation rows, kept by a trigger: a reservation
--    inserted, deleted or moved to another slot moves the counters in the same statement, and the column's
--    check (reserved <= capacity) refuses the reservation that would overbook the slot.
-- 2. An order that is not canceled names a slot only if it holds that slot's reservation: orders.slot_id is
--    generated from the checkout's slotId and must match the order's reservation row (deferred to commit, so a
--    move can write the reservation and the checkout in either order inside its transaction).

-- Orders that name a slot they do not hold (the switching defect) lose the slot choice: the agent picks again.
update orders o
   set checkout = o.checkout - 'slotId' - 'slot'
 where o.status <> 3
   and o.checkout ->> 'slotId' is not null
   and not exists (select 1 from slot_reservations r
                    where r.order_id = o.id and r.slot_id = o.checkout ->> 'slotId');

update schedule_slots s
   set reserved = (select count(*) from slot_reservations r where r.slot_id = s.id);

create function slot_reservations_count() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update schedule_slots set reserved = reserved - 1 where id = old.slot_id;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    update schedule_slots set reserved = reserved + 1 where id = new.slot_id;
  end if;
  return null;
end $$;

create trigger slot_reservations_count
  after insert or delete or update of slot_id on slot_reservations
  for each row execute function slot_reservations_count();

alter table slot_reservations add constraint slot_reservations_order_slot_uq unique (order_id, slot_id);

alter table orders add column slot_id text
  generated always as (case when status <> 3 then checkout ->> 'slotId' end) stored;

alter table orders add constraint orders_slot_held foreign key (id, slot_id)
  references slot_reservations (order_id, slot_id) deferrable initially deferred;
