-- Issue 40: every shop-scoped table has shop_id in its primary key or a (non-partial) unique index, so the schema
-- can be distributed by shop (db/sharding-readiness.ts and its test check it; docs/capacity.md says why).
-- Where a non-unique index already led with shop_id and the table's key is unique, that index becomes unique with
-- the key appended: no second index, the same lookups (the leading columns are unchanged).
drop index shop_events_shop_idx;
create unique index shop_events_shop_idx on shop_events (shop_id, id);
drop index audit_log_shop_idx;
create unique index audit_log_shop_idx on audit_log (shop_id, created_at desc, id desc);
drop index recovery_reminders_shop_idx;
create unique index recovery_reminders_shop_idx on recovery_reminders (shop_id, created_at desc, id desc);
drop index gift_rules_shop_idx;
create unique index gift_rules_shop_idx on gift_rules (shop_id, position, id);
drop index photo_files_shop_idx;
create unique index photo_files_shop_idx on photo_files (shop_id, hash, width, format);
drop index product_images_url_idx;
create unique index product_images_url_idx on product_images (shop_id, url, id);
drop index recovery_recoveries_shop_idx;
create unique index recovery_recoveries_shop_idx on recovery_recoveries (shop_id, confirmed_at desc, order_id);
drop index schedule_exceptions_shop_day;
create unique index schedule_exceptions_shop_day on schedule_exceptions (shop_id, day, id);
drop index sessions_shop_idx;
create unique index sessions_shop_idx on sessions (shop_id, id);
drop index shop_logos_shop_idx;
create unique index shop_logos_shop_idx on shop_logos (shop_id, created_at desc, id);
drop index staff_invitations_shop_idx;
create unique index staff_invitations_shop_idx on staff_invitations (shop_id, created_at desc, id);
drop index stock_movements_shop_time_idx;
create unique index stock_movements_shop_time_idx on stock_movements (shop_id, created_at, id);
drop index orders_created_idx;
create unique index orders_created_idx on orders (shop_id, created_at, id);
drop index catalog_import_jobs_shop_idx;
create unique index catalog_import_jobs_shop_idx on catalog_import_jobs (shop_id, created_at desc, id);

-- Small tables (a shop's settings, at most a row per order or per tracked product): a unique index of their own.
create unique index agents_shop_key on agents (shop_id, id);
create unique index addresses_shop_key on addresses (shop_id, id);
create unique index order_card_plans_shop_key on order_card_plans (shop_id, order_id);
create unique index order_edits_shop_key on order_edits (shop_id, id);
create unique index slot_reservations_shop_key on slot_reservations (shop_id, order_id);
create unique index subscription_offers_shop_key on subscription_offers (shop_id, id);
create unique index tray_import_jobs_shop_key on tray_import_jobs (shop_id, id);
create unique index gift_rule_products_shop_key on gift_rule_products (shop_id, rule_id, product_id);
create unique index stock_settings_shop_key on stock_settings (shop_id, product_id);
create unique index order_refunds_shop_key on order_refunds (shop_id, id);
create unique index tray_stores_shop_key on tray_stores (shop_id, id);

-- A refund's lines were reached only through their refund: they carry its shop from now on.
alter table order_refund_lines add column shop_id text references shops(id);
update order_refund_lines l set shop_id = r.shop_id from order_refunds r where r.id = l.refund_id;
alter table order_refund_lines alter column shop_id set not null;
create unique index order_refund_lines_shop_key on order_refund_lines (shop_id, refund_id, item_id);
