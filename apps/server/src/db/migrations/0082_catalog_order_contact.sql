-- Issue 35: a WhatsApp catalogue order of which nothing could be placed makes no order, so the claim row is what the
-- console lists ('Pedidos do WhatsApp não criados' on the orders board): it now names the contact who sent it (null
-- for rows claimed before this). The board reads the shop's recent unplaced ones, newest first.
alter table whatsapp_catalog_orders add column contact_id text references contacts (id);
create index whatsapp_catalog_orders_unplaced on whatsapp_catalog_orders (shop_id, created_at desc)
  where order_id is null;
