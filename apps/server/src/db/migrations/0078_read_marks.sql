-- Issue 40 (decision 0060, read replicas): each caller's last write — a storefront session (`s:<id>`) or a console
-- user (`u:<id>`) — as the primary's WAL position after its commit. Read on the primary before a read that could go
-- to a replica: a replica serves that caller only once it has replayed this far. Unlogged: no WAL of its own (a
-- mark costs the primary no replication traffic) and never read on a standby; a crash empties it, which is safe
-- (a mark matters only for the replicas' lag limit, seconds).
create unlogged table if not exists read_marks (
  caller text primary key,
  lsn pg_lsn not null,
  at timestamptz not null default now()
);
