-- Issue 32 (decision 0046, "Money in, reconciled"): what an order has been paid is the sum of its ledger rows.
-- Every change to it is one row, written in the transaction that causes it: a gateway charge becoming Paid, a
-- payment a person recorded by hand, the bank's Pix (webhook or reconciliation), the undoing of a hand-recorded
-- payment and a refund. Append-only (a trigger refuses UPDATE/DELETE); a reversal names the row it reverses, once.
create table payment_ledger (
  id text primary key,
  shop_id text not null references shops(id),
  order_id text not null references orders(id),
  -- received: money in (> 0); undone: a hand-recorded payment taken back; refunded: money sent back (< 0).
  kind text not null check (kind in ('received', 'undone', 'refunded')),
  amount_cents integer not null check (amount_cents <> 0 and (kind = 'received') = (amount_cents > 0)),
  source text not null check (source in ('manual', 'gateway', 'bank-webhook', 'bank-reconcile')),
  method smallint check (method between 0 and 9),
  means text check (length(means) between 1 and 40),
  -- The charge (payments row) the money paid, when it paid one.
  payment_id text references payments(id),
  -- The Pix end-to-end id of a bank receipt (counted once per shop), or the one a person typed as the reference.
  end_to_end_id text check (end_to_end_id ~ '^[a-zA-Z0-9]{32}$'),
  reverses_id text references payment_ledger(id),
  -- What staff must look at: an amount that is not the charge's, money after the charge expired or the order was
  -- cancelled, a second payment of a paid charge, or more than the order's total.
  flag text check (flag in ('amount_mismatch', 'after_expiry', 'after_cancel', 'duplicate', 'overpaid')),
  refund_id text check (refund_id ~ '^[a-zA-Z0-9]{1,35}$'),
  received_at timestamptz not null,
  note text check (length(note) <= 500),
  reference text check (length(reference) <= 100),
  actor_id text,
  actor_name text check (length(actor_name) <= 200),
  -- A hand-recorded payment's Idempotency-Key: a double click records one payment.
  client_token text check (length(client_token) between 8 and 200),
  created_at timestamptz not null default now(),
  check ((kind = 'received') = (reverses_id is null)),
  check ((kind = 'refunded') = (refund_id is not null))
);
create unique index payment_ledger_e2e_uq on payment_ledger (shop_id, end_to_end_id)
  where kind = 'received' and source <> 'manual' and end_to_end_id is not null;
create unique index payment_ledger_charge_uq on payment_ledger (payment_id)
  where kind = 'received' and source = 'gateway';
create unique index payment_ledger_reverses_uq on payment_ledger (reverses_id) where reverses_id is not null;
create unique index payment_ledger_token_uq on payment_ledger (shop_id, client_token) where client_token is not null;
create index payment_ledger_order_idx on payment_ledger (order_id, created_at);

create function payment_ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'payment_ledger is append-only';
end;
$$;
create trigger payment_ledger_append_only before update or delete on payment_ledger
  for each row execute function payment_ledger_append_only();

-- Paid charges from before the ledger are its first rows (a card plan's interest is not the order's money).
insert into payment_ledger (id, shop_id, order_id, kind, amount_cents, source, method, payment_id, received_at)
select 'led_' || substr(p.id, 5), p.shop_id, p.order_id, 'received', least(p.amount_cents, o.total_cents),
       'gateway', p.method, p.id, p.updated_at
  from payments p join orders o on o.id = p.order_id
 where p.status = 1 and o.total_cents > 0;

-- Charges issued on the shop's own bank through the Central Bank's API Pix (adapters/pix-bank).
alter table payments drop constraint payments_gateway_check;
alter table payments add constraint payments_gateway_check
  check (gateway in ('sandbox', 'mercadopago', 'pagarme', 'link', 'pix-bank'));
