-- Agent checkout (issue 5): sellers, price tables, logistics, delivery slots, coupons and the order's checkout state.

-- A seller is a store of the shop: its address, the service fee it charges and the price tables it may use.
create table sellers (
  id text primary key,
  shop_id text not null references shops(id),
  provider_id text not null,
  name text not null,
  street text not null,
  number text not null,
  neighborhood text not null,
  city text not null,
  state text not null,
  zip_code text not null check (zip_code ~ '^[0-9]{8}$'),
  service_tax_cents integer not null default 0 check (service_tax_cents >= 0),
  allowed_price_tables jsonb not null default '[]',
  default_price_table_id text,
  use_default_price_table boolean not null default false,
  position integer not null default 0,
  unique (shop_id, provider_id)
);

create table price_tables (
  id text primary key,
  shop_id text not null references shops(id),
  provider_id text not null,
  name text not null,
  position integer not null default 0,
  unique (shop_id, provider_id)
);

-- The price of a product in a table (no row: the catalogue price applies).
create table price_table_prices (
  price_table_id text not null references price_tables(id),
  product_id text not null references products(id),
  shop_id text not null references shops(id),
  price_cents integer not null check (price_cents >= 0),
  primary key (price_table_id, product_id)
);

-- Pickup (type 0) and delivery (type 1) options of a store; delivery is limited to a CEP range or neighbourhoods.
create table logistic_options (
  id text primary key,
  shop_id text not null references shops(id),
  seller_id text not null references sellers(id),
  provider_id text not null,
  type smallint not null check (type in (0, 1)),
  name text not null,
  description text,
  price_cents integer not null default 0 check (price_cents >= 0),
  free_above_cents integer check (free_above_cents >= 0),
  order_min_price_cents integer check (order_min_price_cents >= 0),
  max_distinct_items integer check (max_distinct_items > 0),
  max_items integer check (max_items > 0),
  shipping_time_estimative text,
  min_shipping_time_estimative text,
  cep_from text check (cep_from ~ '^[0-9]{8}$'),
  cep_to text check (cep_to ~ '^[0-9]{8}$'),
  neighborhoods jsonb not null default '[]',
  position integer not null default 0,
  unique (shop_id, provider_id)
);

-- Delivery slots: a window on a day, an order-by cut-off and a capacity; reservations count against it.
create table schedule_slots (
  id text primary key,
  shop_id text not null references shops(id),
  day date not null,
  start_time text not null check (start_time ~ '^[0-9]{2}:[0-9]{2}$'),
  end_time text not null check (end_time ~ '^[0-9]{2}:[0-9]{2}$'),
  schedule_until timestamptz not null,
  capacity integer not null check (capacity >= 0),
  reserved integer not null default 0 check (reserved >= 0 and reserved <= capacity),
  unique (shop_id, day, start_time)
);

-- One reservation per order; taking a place bumps schedule_slots.reserved under the slot's row lock.
create table slot_reservations (
  order_id text primary key references orders(id),
  slot_id text not null references schedule_slots(id),
  shop_id text not null references shops(id)
);

create table coupons (
  id text primary key,
  shop_id text not null references shops(id),
  code text not null,
  kind text not null check (kind in ('percentage', 'fixed')),
  value integer not null check (value > 0),
  min_order_cents integer not null default 0 check (min_order_cents >= 0),
  valid_from timestamptz,
  valid_until timestamptz,
  usage_limit integer check (usage_limit > 0),
  per_customer_limit integer check (per_customer_limit > 0)
);
create unique index coupons_code_uq on coupons (shop_id, upper(code));

-- The order's checkout choices (seller, logistic, address, slot, payment, coupon, discounts); they
-- add delivery + service fee to the total (settle computes them); coupon_id is a column so usage can be counted.
alter table orders add column checkout jsonb not null default '{}';
alter table orders add column coupon_id text references coupons(id);
alter table orders add column canceled_at timestamptz;
create index orders_coupon_idx on orders (coupon_id) where coupon_id is not null;
