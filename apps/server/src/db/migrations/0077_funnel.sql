-- Issue 37 (decision 0058, Funil): when a contact's link was first opened (set once, in batches, by
-- modules/analytics through the session module), and the indexes the funnel reads each stage by, per shop and time.
alter table sessions add column if not exists opened_at timestamptz;
create index if not exists sessions_minted_idx on sessions (shop_id, created_at) where session_type = 0;
create index if not exists sessions_opened_idx on sessions (shop_id, opened_at) where opened_at is not null;
create index if not exists orders_created_idx on orders (shop_id, created_at);
create index if not exists orders_delivered_idx on orders (shop_id, fulfilment_at) where fulfilment = 'delivered';
create index if not exists payment_ledger_received_idx on payment_ledger (shop_id, received_at) where kind = 'received';
-- (Landed for a few minutes as 0076_funnel.sql, beside 0076_order_edit_expiry.sql: a database that ran it runs
-- this again without change.)
