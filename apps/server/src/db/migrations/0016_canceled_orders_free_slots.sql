-- A canceled order gives its delivery slot back, whoever cancels it (agent, staff board, payment expiry):
-- its reservation row goes in the same statement, and the counting trigger of 0015 frees the place
-- (issue 15, docs/decisions/0020-several-instances.md).
create function orders_cancel_frees_slot() returns trigger language plpgsql as $$
begin
  delete from slot_reservations where order_id = new.id;
  return null;
end $$;

create trigger orders_cancel_frees_slot
  after update of status on orders
  for each row when (new.status = 3 and old.status <> 3)
  execute function orders_cancel_frees_slot();

delete from slot_reservations r using orders o where o.id = r.order_id and o.status = 3;
