-- Catalogue spreadsheet imports (issue 17, docs/decisions/0033-catalogue-spreadsheets.md). An upload is checked and
-- counted (status 'preview') before anything is written; confirming queues it; a worker on any instance leases it
-- (lease_owner, lease_until) and writes its products in batches, each batch in one transaction with `next_index`
-- (the cursor into the file's products) moved past it, so a job whose worker died continues where it stopped. The
-- file itself is kept here so that every instance can run it.
create table catalog_import_jobs (
  id text primary key,
  shop_id text not null references shops(id),
  status text not null check (status in ('preview', 'queued', 'running', 'done', 'failed', 'cancelled')),
  file_name text not null,
  file bytea not null,
  created_by text,
  total integer not null default 0 check (total >= 0),
  next_index integer not null default 0 check (next_index >= 0),
  preview jsonb not null default '{"created":0,"changed":0,"unchanged":0}',
  created integer not null default 0 check (created >= 0),
  changed integer not null default 0 check (changed >= 0),
  unchanged integer not null default 0 check (unchanged >= 0),
  refused jsonb not null default '[]',
  attempts integer not null default 0 check (attempts >= 0),
  lease_owner text,
  lease_until timestamptz,
  error_message text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default now()
);
-- One import at a time per shop: confirming a second while one is pending is refused.
create unique index catalog_import_jobs_pending_uq on catalog_import_jobs (shop_id) where status in ('queued', 'running');
create index catalog_import_jobs_claim_idx on catalog_import_jobs (created_at) where status in ('queued', 'running');
create index catalog_import_jobs_shop_idx on catalog_import_jobs (shop_id, created_at desc);
