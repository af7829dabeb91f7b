-- Issue 35: orders placed from WhatsApp's own catalogue (an inbound `order` message of the WhatsApp webhook).
-- One row per message (Meta's wamid) and shop, claimed in the transaction that places the order: a redelivery, or
-- the same message handled by a second instance, finds the row and places nothing (the primary key makes a second
-- claim impossible). It names the order placed (null when none could be: every item unknown or sold out, a shop
-- minimum not reached) and what the agent must see on it: items not found, sold out, prices that differed.
create table whatsapp_catalog_orders (
  shop_id text not null references shops(id),
  message_id text not null check (length(message_id) between 1 and 200),
  order_id text unique references orders(id),
  catalog_id text not null check (length(catalog_id) <= 100),
  notes jsonb not null default '[]' check (jsonb_typeof(notes) = 'array'),
  created_at timestamptz not null default now(),
  primary key (shop_id, message_id)
);
