-- Issue 33, item 8: Tray allows 10,000 requests a day per store on its default plan (besides 180 a minute).
-- tray_request_budget counts the requests Vitrine made to each linked store per day (Tray's day, São Paulo time);
-- an import pauses until the next day before it would cross the budget. An import job with modified_since set is
-- incremental: it asks Tray only for products modified since then (Tray's `modified` filter) and removes nothing;
-- null = a full import, which also deactivates the products Tray no longer has.
create table tray_request_budget (
  link_id text not null references tray_stores (id) on delete cascade,
  day date not null,
  requests integer not null default 0 check (requests >= 0),
  primary key (link_id, day)
);

alter table tray_import_jobs add column modified_since timestamptz;
