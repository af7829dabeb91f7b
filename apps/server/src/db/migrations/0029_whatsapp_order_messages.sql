-- WhatsApp's own order messages (issue 19, docs/decisions/0030): a shop's switch, off by default. Kept apart from
-- shop_channels (the credentials) so that a demo shop, whose messages go to the fake channel, can switch it on.
create table shop_whatsapp_options (
  shop_id text primary key references shops(id),
  order_messages boolean not null default false,
  updated_at timestamptz not null default now()
);
