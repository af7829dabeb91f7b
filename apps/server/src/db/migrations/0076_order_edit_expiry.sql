-- Issue 34 (decision 0053): how long a proposed order edit waits for the contact is the shop's setting. Shops that
-- existed before keep the 48 hours their contacts' messages already promised; new shops start at the issue's 24.
alter table shops add column order_edit_expiry_hours integer not null default 48
  check (order_edit_expiry_hours between 1 and 168);
alter table shops alter column order_edit_expiry_hours set default 24;
