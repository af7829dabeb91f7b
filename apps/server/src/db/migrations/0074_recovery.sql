-- Issue 36: abandoned-cart recovery (decision 0057). A shop's rule, each reminder of a cart with its state, the
-- contacts' opt-out and last inbound message, the orders a reminder brought back, and the gate that lets one
-- instance at a time run the scan.
create table recovery_rules (
  shop_id text primary key references shops (id),
  enabled boolean not null default false,
  first_after_minutes integer not null default 60 check (first_after_minutes between 5 and 10080),
  second_after_hours integer check (second_after_hours between 1 and 168),
  quiet_start text not null default '21:00' check (quiet_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  quiet_end text not null default '08:00' check (quiet_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  contact_cap integer not null default 2 check (contact_cap between 1 and 20),
  cap_days integer not null default 7 check (cap_days between 1 and 30),
  template text not null check (length(template) between 1 and 1000),
  updated_at timestamptz not null default now()
);

-- One row per (cart, step): scheduled → sent | skipped (with its reason); a scheduled row may carry the reason it
-- waits (quiet hours). cart_version is the order's version the timer counts from.
create table recovery_reminders (
  id text primary key,
  shop_id text not null references shops (id),
  order_id text not null references orders (id),
  contact_id text not null references contacts (id),
  step smallint not null check (step in (1, 2)),
  state text not null default 'scheduled' check (state in ('scheduled', 'sent', 'skipped')),
  due_at timestamptz not null,
  cart_version integer not null,
  reason text check (
    reason in ('quiet_hours', 'confirmed', 'cancelled', 'emptied', 'opted_out', 'contact_cap', 'window_closed',
      'rule_off', 'no_recipient')
  ),
  outbox_id text,
  sent_at timestamptz,
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  unique (order_id, step),
  check ((state = 'sent') = (sent_at is not null))
);
create index recovery_reminders_due_idx on recovery_reminders (due_at) where state = 'scheduled';
create index recovery_reminders_contact_idx on recovery_reminders (contact_id, sent_at) where state = 'sent';
create index recovery_reminders_sent_idx on recovery_reminders (sent_at) where state = 'sent';
create index recovery_reminders_shop_idx on recovery_reminders (shop_id, created_at desc, id desc);

-- The orders confirmed within the attribution window after a reminder, with their value (once per order).
create table recovery_recoveries (
  order_id text primary key references orders (id),
  shop_id text not null references shops (id),
  reminder_id text not null references recovery_reminders (id),
  value_cents integer not null check (value_cents >= 0),
  confirmed_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index recovery_recoveries_shop_idx on recovery_recoveries (shop_id, confirmed_at desc);

-- Per contact: asked to stop ('PARAR' on WhatsApp, or the chatbot platform's flag) and the last message heard from
-- them (WhatsApp's 24-hour window). Also the row a send locks, so a contact's cap holds across instances.
create table recovery_contacts (
  shop_id text not null references shops (id),
  contact_id text not null references contacts (id),
  opted_out_at timestamptz,
  opt_out_source text check (opt_out_source in ('chat', 'platform')),
  last_inbound_at timestamptz,
  primary key (shop_id, contact_id)
);

-- The scan runs when next_at has passed; the instance whose update moves it runs that scan.
create table recovery_scan (
  id smallint primary key check (id = 1),
  next_at timestamptz not null default '-infinity',
  owner text
);
insert into recovery_scan (id) values (1);

-- The scan's keyset over open carts of known contacts (OrderStatus.Creating = 0).
create index orders_open_contact_carts_idx on orders (id) where status = 0 and contact_id is not null;
