-- Core tables: shops, contacts, agents, sessions, catalogue, orders.
-- Money is integer centavos; every shop-owned row carries shop_id.

create table shops (
  id text primary key,
  slug text not null unique check (slug ~ '^[a-z0-9-]{2,60}$'),
  name text not null,
  settings jsonb not null,
  min_order_value_cents integer check (min_order_value_cents >= 0),
  max_distinct_items integer check (max_distinct_items > 0),
  max_items integer check (max_items > 0),
  time_zone text not null default 'America/Sao_Paulo',
  created_at timestamptz not null default now()
);

create table contacts (
  id text primary key,
  shop_id text not null references shops(id),
  name text,
  phone text,
  email text,
  document text,
  birth_date date,
  is_corporate boolean not null default false,
  corporate_document text,
  corporate_name text,
  trade_name text,
  state_inscription text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (shop_id, phone)
);

create table addresses (
  id text primary key,
  shop_id text not null references shops(id),
  contact_id text not null references contacts(id),
  name text not null,
  is_default boolean not null default false,
  zip_code text not null check (zip_code ~ '^[0-9]{8}$'),
  street text not null,
  number text not null,
  complement text,
  neighborhood text not null,
  neighborhood_id text,
  city text not null,
  state text not null,
  latitude double precision,
  longitude double precision,
  created_at timestamptz not null default now()
);
create index addresses_contact_idx on addresses (contact_id);

create table agents (
  id text primary key,
  shop_id text not null references shops(id),
  name text not null,
  created_at timestamptz not null default now()
);

create table sessions (
  id text primary key,
  shop_id text not null references shops(id),
  token_hash text not null unique,
  session_type smallint not null check (session_type between 0 and 3),
  channel_type smallint not null check (channel_type between 0 and 3),
  channel_id text not null,
  user_id text not null,
  contact_id text references contacts(id),
  agent_id text references agents(id),
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index sessions_shop_idx on sessions (shop_id);

create table categories (
  id text primary key,
  shop_id text not null references shops(id),
  provider_id text not null,
  parent_id text references categories(id),
  name text not null,
  description text,
  position integer not null default 0,
  unique (shop_id, provider_id)
);
create index categories_parent_idx on categories (shop_id, parent_id);

create table products (
  id text primary key,
  shop_id text not null references shops(id),
  provider_id text not null,
  sku text not null,
  name text not null,
  description text,
  brand_name text,
  seller_name text,
  category_id text references categories(id),
  price_cents integer not null check (price_cents >= 0),
  promotional_price_cents integer check (promotional_price_cents >= 0),
  is_active boolean not null default true,
  is_restricted_sale boolean not null default false,
  has_shipping_restriction boolean not null default false,
  shipping_restriction_message text,
  sold_in_kilo boolean not null default false,
  amount_in_kilo numeric(10, 3) check (amount_in_kilo > 0),
  kilogram_price_cents integer check (kilogram_price_cents >= 0),
  cluster_highlights jsonb not null default '[]',
  offer_description text,
  ranking integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (shop_id, provider_id)
);
create index products_category_idx on products (shop_id, category_id);
create index products_ranking_idx on products (shop_id, ranking desc, id);

create table collections (
  id text primary key,
  shop_id text not null references shops(id),
  provider_id text not null,
  name text not null,
  position integer not null default 0,
  unique (shop_id, provider_id)
);

create table collection_products (
  collection_id text not null references collections(id),
  product_id text not null references products(id),
  shop_id text not null references shops(id),
  position integer not null default 0,
  primary key (collection_id, product_id)
);

create table product_images (
  id text primary key,
  shop_id text not null references shops(id),
  product_id text not null references products(id),
  url text not null,
  position integer not null default 0
);
create index product_images_product_idx on product_images (product_id, position);

create table product_attributes (
  id text primary key,
  shop_id text not null references shops(id),
  product_id text not null references products(id),
  provider_id text not null,
  name text not null,
  position integer not null default 0,
  unique (product_id, provider_id)
);

create table attribute_options (
  id text primary key,
  shop_id text not null references shops(id),
  attribute_id text not null references product_attributes(id),
  provider_id text not null,
  name text not null,
  redirectable boolean not null default false,
  position integer not null default 0,
  unique (attribute_id, provider_id)
);

create table product_variants (
  id text primary key,
  shop_id text not null references shops(id),
  product_id text not null references products(id),
  provider_id text not null,
  sku text not null,
  options jsonb not null,
  price_cents integer not null check (price_cents >= 0),
  promotional_price_cents integer check (promotional_price_cents >= 0),
  image_url text,
  is_available boolean not null default true,
  position integer not null default 0,
  unique (product_id, provider_id)
);

create table product_specifications (
  id text primary key,
  shop_id text not null references shops(id),
  product_id text not null references products(id),
  name text not null,
  value jsonb not null default '[]',
  position integer not null default 0
);
create index product_specifications_product_idx on product_specifications (product_id);

create table subscription_offers (
  id text primary key,
  shop_id text not null references shops(id),
  product_id text not null references products(id),
  recurrence_type smallint not null check (recurrence_type in (10, 20, 30, 40)),
  frequency integer not null check (frequency > 0),
  unique (product_id, recurrence_type, frequency)
);

create table orders (
  id text primary key,
  shop_id text not null references shops(id),
  user_id text not null,
  contact_id text references contacts(id),
  channel_type smallint not null check (channel_type between 0 and 3),
  status smallint not null default 0 check (status between 0 and 4),
  gateway smallint not null default 0 check (gateway between 0 and 6),
  items_amount_cents integer not null default 0 check (items_amount_cents >= 0),
  discount_cents integer not null default 0,
  total_cents integer not null default 0 check (total_cents >= 0),
  version integer not null default 0,
  is_in_semi_automatic boolean not null default false,
  assistant_search_terms jsonb not null default '[]',
  assistant_product_ids jsonb not null default '[]',
  confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One open (Creating) order per user and shop: the "current order".
create unique index orders_current_uq on orders (shop_id, user_id) where status = 0;

create table order_items (
  id text primary key,
  shop_id text not null references shops(id),
  order_id text not null references orders(id),
  line_index integer not null check (line_index >= 0),
  product_id text not null references products(id),
  variant_id text references product_variants(id),
  sku text not null,
  name text not null,
  image_url text,
  quantity numeric(12, 3) not null check (quantity > 0),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  promotional_price_cents integer check (promotional_price_cents >= 0),
  total_cents integer not null check (total_cents >= 0),
  is_gift boolean not null default false,
  subscription jsonb,
  preferences text,
  attributes jsonb not null default '[]',
  seller_id text,
  created_at timestamptz not null default now(),
  unique (order_id, line_index)
);
create index order_items_order_idx on order_items (order_id);
