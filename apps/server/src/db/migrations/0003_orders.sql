-- Orders: gift rules, gift lines, line identity and quantity bounds (docs/decisions/0007-order-lines-and-gifts.md).

-- A gift rule ("Brindes 01", "Brindes 02", …): offered while the order's items amount reaches min_order_cents;
-- the shopper picks up to available_quantity of its products, free of charge.
create table gift_rules (
  id text primary key,
  shop_id text not null references shops(id),
  name text not null,
  min_order_cents integer not null check (min_order_cents >= 0),
  available_quantity integer not null check (available_quantity between 1 and 50),
  position integer not null default 0,
  created_at timestamptz not null default now()
);
create index gift_rules_shop_idx on gift_rules (shop_id, position);

create table gift_rule_products (
  rule_id text not null references gift_rules(id),
  product_id text not null references products(id),
  shop_id text not null references shops(id),
  position integer not null default 0,
  primary key (rule_id, product_id)
);

-- Line indexes are handed out from a per-order counter, so an index is never reused within an order:
-- a retried "set line 3 to 0" can never remove a line added later.
alter table orders add column next_line_index integer not null default 0 check (next_line_index >= 0);
update orders o
   set next_line_index = coalesce((select max(i.line_index) + 1 from order_items i where i.order_id = o.id), 0);

-- Selected gifts are order lines marked is_gift, tied to their rule, always free.
alter table order_items add column gift_rule_id text references gift_rules(id);
alter table order_items add constraint order_items_gift_rule_ck check (is_gift = (gift_rule_id is not null));
alter table order_items add constraint order_items_gift_free_ck check (not is_gift or total_cents = 0);
alter table order_items add constraint order_items_quantity_max_ck check (quantity <= 999);

-- One line per product + variant + subscription (gifts aside): a duplicate line cannot be written,
-- whatever the interleaving of concurrent requests.
create unique index order_items_line_uq on order_items (
  order_id,
  product_id,
  coalesce(variant_id, ''),
  coalesce(subscription ->> 'recurrenceType', ''),
  coalesce(subscription ->> 'frequency', '')
) where not is_gift;

-- A gift is selected at most once per rule.
create unique index order_items_gift_uq on order_items (order_id, gift_rule_id, product_id) where is_gift;

-- The confirmation replay looks up the user's latest confirmed order.
create index orders_user_confirmed_idx on orders (shop_id, user_id, confirmed_at desc) where confirmed_at is not null;
