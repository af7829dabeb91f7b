-- Issue 18, decision 0036 ('Agenda por opção ou loja'): a weekly window, an exception (closed day or extra window)
-- and the slot it makes may name a delivery option (logistic_options) or a store (sellers); both null = the whole
-- shop (every row written before this migration). A checkout books from the chosen option's own windows, else its
-- store's, else the shop's. Capacity stays per slot: holdSlot()'s row lock and reserved <= capacity (migration
-- 0015) are unchanged; slots are unique per scope, day and start.
alter table schedule_windows
  add column option_id text references logistic_options(id) on delete cascade,
  add column seller_id text references sellers(id) on delete cascade,
  add constraint schedule_windows_one_scope check (option_id is null or seller_id is null),
  drop constraint schedule_windows_shop_id_weekday_start_time_key,
  add constraint schedule_windows_scope_weekday_start unique nulls not distinct
    (shop_id, option_id, seller_id, weekday, start_time);

alter table schedule_exceptions
  add column option_id text references logistic_options(id) on delete cascade,
  add column seller_id text references sellers(id) on delete cascade,
  add constraint schedule_exceptions_one_scope check (option_id is null or seller_id is null);

-- A slot keeps its scope's ids without a foreign key: a removed option's booked slots stay for their orders (the
-- next materialisation deletes its unbooked ones and closes the rest).
alter table schedule_slots
  add column option_id text,
  add column seller_id text,
  add constraint schedule_slots_one_scope check (option_id is null or seller_id is null),
  drop constraint schedule_slots_shop_id_day_start_time_key,
  add constraint schedule_slots_scope_day_start unique nulls not distinct
    (shop_id, option_id, seller_id, day, start_time);
