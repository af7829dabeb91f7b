-- (order_id, line_index) is unique, so its index serves every lookup by order: one index less to write per line
-- (docs/decisions/0012).
drop index order_items_order_idx;
