-- Issue 18, console 'Entrega' (decision 0036): the shop's delivery schedule. Weekly windows and dated exceptions
-- (a closed day, an extra window) are what the owner sets; schedule_slots stay what checkouts book (holdSlot(),
-- the reservation trigger and reserved <= capacity of migration 0015 unchanged), materialised from them for the
-- days ahead by modules/logistics/schedule-sync.ts. A shop with a schedule row is governed by it.
create table delivery_schedules (
  shop_id text primary key references shops(id),
  days_ahead smallint not null check (days_ahead between 1 and 60),
  -- the shop-local day its slots were last materialised for (the first request of a new day extends them)
  synced_on date not null
);

create table schedule_windows (
  id text primary key,
  shop_id text not null references shops(id),
  weekday smallint not null check (weekday between 0 and 6),
  start_time text not null check (start_time ~ '^[0-9]{2}:[0-9]{2}$'),
  end_time text not null check (end_time ~ '^[0-9]{2}:[0-9]{2}$' and end_time > start_time),
  cutoff_minutes integer not null check (cutoff_minutes between 0 and 10080),
  capacity integer not null check (capacity between 1 and 10000),
  unique (shop_id, weekday, start_time)
);

create table schedule_exceptions (
  id text primary key,
  shop_id text not null references shops(id),
  day date not null,
  kind text not null check (kind in ('closed', 'extra')),
  start_time text check (start_time ~ '^[0-9]{2}:[0-9]{2}$'),
  end_time text check (end_time ~ '^[0-9]{2}:[0-9]{2}$'),
  cutoff_minutes integer check (cutoff_minutes between 0 and 10080),
  capacity integer check (capacity between 1 and 10000),
  note text
);
create index schedule_exceptions_shop_day on schedule_exceptions (shop_id, day);

-- Which window or exception a slot comes from (null: written by the seed).
alter table schedule_slots add column source_id text;
