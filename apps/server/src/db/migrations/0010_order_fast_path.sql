-- The one-statement change of an open order (docs/decisions/0012): the statement updates the order only at the
-- version its change was computed from and passes the number of orders it updated here, which raises when that
-- is 0, so the statement (the order, its lines) is rolled back as a whole and the change runs again under the
-- order lock.
create function order_version_guard(updated bigint) returns boolean language plpgsql as $$
begin
  if updated = 0 then
    raise exception 'order changed since it was read' using errcode = 'VT409';
  end if;
  return true;
end $$;

-- (order_id, line_index) is unique, so its index serves every lookup by order: one index less to write per line.
drop index order_items_order_idx;
