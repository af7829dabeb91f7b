-- Every money column refuses a negative amount (docs/decisions/0002): the order's discount was the one without.
alter table orders add constraint orders_discount_cents_check check (discount_cents >= 0);
