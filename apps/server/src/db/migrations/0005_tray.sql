-- Tray integration (docs/decisions/0008-tray-integration.md): chatbot credentials, linked Tray stores with
-- their tokens encrypted at rest, one-time authorization codes, resumable import jobs and the products an
-- import has seen (so products that left Tray become inactive here).

-- The chatbot account's secret per shop: only its SHA-256 is kept. The chatbot id is the shop (slug or id).
create table chatbot_credentials (
  shop_id text primary key references shops(id),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);

-- A Tray store linked to a shop. Tokens are AES-256-GCM ciphertexts (never plain text). A shop has at
-- most one active link and a store is actively linked to at most one shop; older links are kept as
-- 'replaced' without tokens. 'reauthorize': Tray refused the refresh token, the owner must authorize again.
create table tray_stores (
  id text primary key,
  shop_id text not null references shops(id),
  store_key text not null check (length(store_key) between 1 and 200),
  tray_store_id text,
  api_address text not null,
  store_host text,
  adm_user text,
  status text not null check (status in ('active', 'reauthorize', 'replaced')),
  access_token_enc text,
  refresh_token_enc text,
  access_expires_at timestamptz,
  refresh_expires_at timestamptz,
  -- Bumped on every token change; a refresh only writes if the version it read is still current.
  token_version integer not null default 0 check (token_version >= 0),
  -- Lease so that one instance refreshes while the others wait for the new version.
  refresh_lease_owner text,
  refresh_lease_until timestamptz,
  linked_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (status = 'replaced' or (access_token_enc is not null and refresh_token_enc is not null
         and access_expires_at is not null and refresh_expires_at is not null))
);
create unique index tray_stores_shop_active_uq on tray_stores (shop_id) where status <> 'replaced';
create unique index tray_stores_store_active_uq on tray_stores (store_key) where status <> 'replaced';
create index tray_stores_expiry_idx on tray_stores (access_expires_at) where status = 'active';

-- Authorization codes already exchanged (SHA-256): a code is used once, even by concurrent requests.
create table tray_auth_codes (
  code_hash text primary key check (code_hash ~ '^[0-9a-f]{64}$'),
  claimed_at timestamptz not null default now()
);

-- A catalogue import. The worker leases a job, imports categories, then products page by page (each page
-- and its progress in one transaction), then deactivates the products the run did not see. A crashed run
-- is picked up again once its lease expires and continues at next_page.
create table tray_import_jobs (
  id text primary key,
  shop_id text not null references shops(id),
  link_id text not null references tray_stores(id),
  status text not null check (status in ('queued', 'running', 'done', 'failed')),
  phase text not null default 'categories' check (phase in ('categories', 'products', 'finalize')),
  next_page integer not null default 1 check (next_page >= 1),
  products_total integer check (products_total >= 0),
  products_done integer not null default 0 check (products_done >= 0),
  attempts integer not null default 0 check (attempts >= 0),
  run_after timestamptz not null default now(),
  lease_owner text,
  lease_until timestamptz,
  error_code text,
  error_message text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default now()
);
-- One pending job per link: queuing twice is a no-op.
create unique index tray_import_jobs_pending_uq on tray_import_jobs (link_id) where status in ('queued', 'running');
create index tray_import_jobs_claim_idx on tray_import_jobs (run_after) where status in ('queued', 'running');
create index tray_import_jobs_link_idx on tray_import_jobs (link_id, created_at desc);

-- Products written by a Tray import, with the last job that saw them in Tray.
create table tray_products (
  product_id text primary key references products(id),
  shop_id text not null references shops(id),
  link_id text not null references tray_stores(id),
  last_seen_job_id text not null
);
create index tray_products_link_idx on tray_products (link_id, last_seen_job_id);
