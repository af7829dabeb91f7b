-- The inventory API's Idempotency-Key (issue 31, docs/decisions/0044-stock-ledger.md): a PUT with a key claims it
-- in the transaction that writes its counts, so a retry (same key, same body) answers the first answer and moves
-- nothing, the same key with another body is refused, and a refused PUT leaves the key free.
create table stock_api_requests (
  shop_id text not null references shops(id),
  key text not null check (length(key) between 1 and 200),
  body_hash text not null,
  answer jsonb,
  created_at timestamptz not null default now(),
  primary key (shop_id, key)
);
