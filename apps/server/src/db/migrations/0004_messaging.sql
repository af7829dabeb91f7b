-- Messaging (docs/decisions/0007-outbox-and-channels.md): the transactional outbox of chat messages and
-- chatbot events, per-shop channel credentials (encrypted at rest) and per-shop Pix receiver settings.

-- One row per message or event to deliver. Written in the transaction of the change that caused it; a worker
-- claims due rows (`for update skip locked`), delivers them and records the outcome. dedupe_key is unique per
-- shop, so a retried request or a double click queues one row (at most once per key).
create table outbox (
  id text primary key,
  shop_id text not null references shops(id),
  kind text not null check (kind in ('message', 'event')),
  -- message: product | catalog | resume | payment; event: order.confirmed, order.cancelled, …
  type text not null check (length(type) between 1 and 60),
  dedupe_key text not null check (length(dedupe_key) between 1 and 200),
  -- Hash of the request content: the same Idempotency-Key with other content is refused.
  content_hash text not null,
  order_id text references orders(id),
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  -- Parts already delivered (a long summary is split); a retry resumes after them.
  parts_done integer not null default 0 check (parts_done >= 0),
  next_attempt_at timestamptz not null default now(),
  lease_owner text,
  lease_until timestamptz,
  provider_message_id text,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (shop_id, dedupe_key)
);
create index outbox_due_idx on outbox (next_attempt_at, id) where status in ('pending', 'sending');
create index outbox_order_idx on outbox (order_id, created_at) where order_id is not null;
create index outbox_recent_idx on outbox (shop_id, content_hash, created_at);

-- Channel credentials per shop. kind whatsapp|messenger|instagram: `config` holds non-secret ids
-- (phoneNumberId, pageId), `secret_enc` the access token. kind webhook: the chatbot platform's URL (WebChat
-- messages and events) in `config.url`, the HMAC secret in `secret_enc`. Secrets are AES-256-GCM
-- (`v1.<iv>.<tag>.<data>`, associated data shop id + kind), never plain text.
create table shop_channels (
  shop_id text not null references shops(id),
  kind text not null check (kind in ('whatsapp', 'messenger', 'instagram', 'webhook')),
  config jsonb not null default '{}',
  secret_enc text not null check (secret_enc like 'v1.%'),
  updated_at timestamptz not null default now(),
  primary key (shop_id, kind)
);

-- The receiver of the shop's Pix payments (BR Code fields 26/59/60).
create table shop_pix (
  shop_id text primary key references shops(id),
  pix_key text not null check (length(pix_key) between 1 and 77),
  merchant_name text not null check (length(merchant_name) between 1 and 200),
  city text not null check (length(city) between 1 and 200),
  updated_at timestamptz not null default now()
);
