-- Issue 32 (decision 0046): Pix on the shop's own bank through the Central Bank's API Pix. The bank's address, the
-- OAuth2 client and the mTLS certificate and key it issued (secrets sealed like shop_payment_settings', associated
-- data `shopId:pix-bank-secret|pix-bank-certificate|pix-bank-key`), the Pix key its charges go to, the hash of the
-- secret in our webhook URL (a second factor beside the bank's mTLS) and the reconciliation's lease and watermark.
create table shop_pix_bank (
  shop_id text primary key references shops(id),
  base_url text not null check (base_url ~ '^https?://' and length(base_url) <= 300),
  token_url text check (token_url ~ '^https?://' and length(token_url) <= 300),
  client_id text not null check (length(client_id) between 1 and 300),
  client_secret_enc text not null check (client_secret_enc like 'v1.%'),
  certificate_enc text check (certificate_enc like 'v1.%'),
  private_key_enc text check (private_key_enc like 'v1.%'),
  pix_key text not null check (length(pix_key) between 1 and 77),
  webhook_secret_hash text not null check (webhook_secret_hash ~ '^[0-9a-f]{64}$'),
  enabled boolean not null default true,
  reconciled_until timestamptz,
  reconcile_lease_until timestamptz,
  updated_at timestamptz not null default now()
);
