-- Products an import left out because Tray sent them malformed (docs/decisions/0008, addendum): how many, and
-- the first 50 ids for the job's summary (the log has every one with its reason). The rest of the page imports.
alter table tray_import_jobs add column products_skipped integer not null default 0 check (products_skipped >= 0);
alter table tray_import_jobs add column skipped_product_ids text[] not null default '{}';
