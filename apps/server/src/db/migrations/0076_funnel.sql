-- Issue 37 (decision 0058, Funil): when a contact's link was first opened (set once, in batches, by
-- modules/analytics through the session module), and the indexes the funnel reads each stage by, per shop and time.
alter table sessions add column opened_at timestamptz;
create index sessions_minted_idx on sessions (shop_id, created_at) where session_type = 0;
create index sessions_opened_idx on sessions (shop_id, opened_at) where opened_at is not null;
create index orders_created_idx on orders (shop_id, created_at);
create index orders_delivered_idx on orders (shop_id, fulfilment_at) where fulfilment = 'delivered';
create index payment_ledger_received_idx on payment_ledger (shop_id, received_at) where kind = 'received';
