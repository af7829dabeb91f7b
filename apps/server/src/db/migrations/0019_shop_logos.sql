-- Shop logos uploaded from the console (issue 16, docs/decisions/0021-shop-settings.md): normalised to a PNG of
-- at most 480×120 by the server (sharp) before they are stored; served immutable at /media/shop-logos/<id>.png.
create table shop_logos (
  id text primary key,
  shop_id text not null references shops(id),
  bytes bytea not null check (octet_length(bytes) between 1 and 262144),
  width integer not null check (width between 1 and 480),
  height integer not null check (height between 1 and 120),
  created_at timestamptz not null default now()
);
create index shop_logos_shop_idx on shop_logos (shop_id, created_at desc);
