-- Catalogue feeds (issue 35, docs/decisions/0054-link-previews-and-catalogue-feeds.md): each shop's Meta and Google
-- Merchant feeds answer at /feeds/<slug>/<token>/meta.csv and …/google.xml. The token is what makes the address
-- the shop's own (the feed lists only what the storefront shows anyone, but not every crawler should list it);
-- the owner shows it in Integrações and replaces it ('Gerar novo endereço'), which ends the old address at once.
create table shop_feed_tokens (
  shop_id text primary key references shops(id),
  token text not null unique check (token ~ '^[A-Za-z0-9_-]{32}$'),
  created_at timestamptz not null default now()
);
