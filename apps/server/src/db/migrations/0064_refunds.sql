-- Issue 34 (docs/decisions/0050-refunds.md): a refund is first granted (who, lines or an amount, the reason,
-- whether the items come back to stock), then sent through the rail of the payment it gives back. Its money is a
-- payment_ledger row ('refunded', naming the refund: one per refund, by a unique index) written in the
-- transaction that records it as sent; returned items come back to stock when received in sellable condition.
create table order_refunds (
  id text primary key,
  shop_id text not null references shops(id),
  order_id text not null references orders(id),
  -- The ledger row whose money goes back (a charge paid, a bank Pix, a payment recorded by hand).
  entry_id text not null references payment_ledger(id),
  rail text not null check (rail in ('sandbox', 'mercadopago', 'pagarme', 'link', 'pix-bank', 'manual')),
  -- granted → sending → sent | failed (→ sending again on a retry); a 'sending' whose lease ran out may be retried.
  status text not null default 'granted' check (status in ('granted', 'sending', 'sent', 'failed')),
  amount_cents integer not null check (amount_cents > 0),
  reason text not null check (length(reason) between 1 and 500),
  restock boolean not null,
  granted_by_id text not null,
  granted_by_name text not null check (length(granted_by_name) between 1 and 200),
  attempts integer not null default 0 check (attempts >= 0),
  -- Sends the provider refused outright: the next send asks under a new idempotency key (nothing was refunded);
  -- after an unanswered send the same key is asked again, so the provider never refunds twice.
  refusals integer not null default 0 check (refusals >= 0),
  lease_until timestamptz,
  -- The provider's reason of the last failed send, in pt-BR.
  failure text check (length(failure) <= 300),
  provider_refund_id text check (length(provider_refund_id) <= 100),
  reference text check (length(reference) <= 100),
  sent_by_name text check (length(sent_by_name) <= 200),
  sent_at timestamptz,
  return_received_at timestamptz,
  return_received_by text check (length(return_received_by) <= 200),
  client_token text check (length(client_token) between 8 and 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'sent') = (sent_at is not null)),
  check (return_received_at is null or restock)
);
create unique index order_refunds_token_uq on order_refunds (shop_id, client_token) where client_token is not null;
create index order_refunds_order_idx on order_refunds (order_id, created_at);
create index order_refunds_entry_idx on order_refunds (entry_id);
create index order_refunds_pending_idx on order_refunds (order_id) where status <> 'sent';

-- The order lines a refund gives back, and what came back of them (sellable or damaged) once received.
create table order_refund_lines (
  refund_id text not null references order_refunds(id),
  item_id text not null references order_items(id),
  quantity numeric(12, 3) not null check (quantity > 0),
  amount_cents integer not null check (amount_cents >= 0),
  received_sellable numeric(12, 3) check (received_sellable >= 0),
  received_damaged numeric(12, 3) check (received_damaged >= 0),
  primary key (refund_id, item_id),
  check (coalesce(received_sellable, 0) + coalesce(received_damaged, 0) <= quantity)
);
create index order_refund_lines_item_idx on order_refund_lines (item_id);

-- A refunded ledger row names either the row it reverses ('Devolver', 'Desfazer') or the refund it records.
alter table payment_ledger add column order_refund_id text references order_refunds(id);
create unique index payment_ledger_refund_uq on payment_ledger (order_refund_id) where order_refund_id is not null;
do $$
declare
  name text;
begin
  select conname into name from pg_constraint
   where conrelid = 'payment_ledger'::regclass and contype = 'c'
     and pg_get_constraintdef(oid) like '%reverses_id IS NULL%';
  execute format('alter table payment_ledger drop constraint %I', name);
end $$;
alter table payment_ledger add constraint payment_ledger_reversal check (
  (kind = 'received' and reverses_id is null and order_refund_id is null)
  or (kind = 'undone' and reverses_id is not null and order_refund_id is null)
  or (kind = 'refunded' and (reverses_id is null) <> (order_refund_id is null)));
