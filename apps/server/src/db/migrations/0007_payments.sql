-- Payments (docs/decisions/0010-payments.md): per-shop payment accounts and installment rules, payments as
-- transactions with an append-only event log, idempotency keys of money-moving calls, the chosen card plan.

-- The shop's payment account. account_type: 'vitrine' (our card page; the sandbox gateway in the demo),
-- 'pagarme' (our card page, card tokenised in the browser), 'mercadopago' (Card Payment Brick), 'link'
-- (redirect to a payment link). Secrets are AES-256-GCM like shop_channels (`v1.<iv>.<tag>.<data>`, associated
-- data `shopId:payment-secret` / `shopId:payment-webhook`). Interest is in basis points a month (1,99% = 199).
create table shop_payment_settings (
  shop_id text primary key references shops(id),
  account_type text not null check (account_type in ('vitrine', 'pagarme', 'mercadopago', 'link')),
  public_key text check (length(public_key) between 1 and 500),
  secret_enc text check (secret_enc like 'v1.%'),
  webhook_secret_enc text check (webhook_secret_enc like 'v1.%'),
  max_installments integer not null default 1 check (max_installments between 1 and 24),
  min_installment_cents integer not null default 0 check (min_installment_cents >= 0),
  interest_free_installments integer not null default 1 check (interest_free_installments between 1 and 24),
  monthly_interest_bp integer not null default 0 check (monthly_interest_bp between 0 and 1000),
  recaptcha_site_key text check (length(recaptcha_site_key) between 1 and 200),
  updated_at timestamptz not null default now()
);

-- One charge attempt of an order. status is spec §3 Payment status (Waiting 0, Paid 1, Expired 2, Failed 3,
-- Canceled 4) and only ever leaves Waiting (modules/payment/status.ts); failure_type (§3) only when Failed.
-- Never a card number or security code: only the brand, the last four digits and the gateway's token.
create table payments (
  id text primary key,
  shop_id text not null references shops(id),
  order_id text not null references orders(id),
  user_id text not null,
  gateway text not null check (gateway in ('sandbox', 'mercadopago', 'pagarme', 'link')),
  method smallint not null check (method between 0 and 9),
  status smallint not null default 0 check (status between 0 and 4),
  failure_type smallint check (failure_type between 0 and 3),
  amount_cents integer not null check (amount_cents > 0),
  installments integer not null default 1 check (installments between 1 and 24),
  card_brand text check (length(card_brand) <= 40),
  card_last_four text check (card_last_four ~ '^[0-9]{4}$'),
  card_token text check (length(card_token) <= 200),
  provider_payment_id text check (length(provider_payment_id) between 1 and 200),
  pix_copy_paste text,
  pix_qr_image text,
  boleto_line text,
  boleto_url text,
  payment_link text,
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 3) = (failure_type is not null))
);
create unique index payments_provider_uq on payments (gateway, provider_payment_id)
  where provider_payment_id is not null;
-- At most one charge in progress and one paid charge per order, whatever the interleaving.
create unique index payments_waiting_uq on payments (order_id) where status = 0;
create unique index payments_paid_uq on payments (order_id) where status = 1;
create index payments_expiry_idx on payments (expires_at) where status = 0;
create index payments_order_idx on payments (order_id, created_at desc);

-- Append-only log of what happened to a payment (charge answers, webhooks, reconciliations, expiry sweeps).
-- applied = this event moved the status; a payment moves at most once (unique partial index). A provider event
-- is recorded once per shop and gateway (webhook retries and duplicates hit the unique key).
create table payment_events (
  id text primary key,
  payment_id text not null references payments(id),
  shop_id text not null references shops(id),
  gateway text not null,
  kind text not null check (kind in ('authorized', 'paid', 'failed', 'expired', 'cancelled', 'refunded')),
  source text not null check (source in ('charge', 'webhook', 'reconcile', 'sweep', 'client')),
  provider_event_id text check (length(provider_event_id) between 1 and 200),
  from_status smallint not null check (from_status between 0 and 4),
  to_status smallint not null check (to_status between 0 and 4),
  applied boolean not null,
  data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  check (applied = (from_status <> to_status))
);
create unique index payment_events_provider_uq on payment_events (shop_id, gateway, provider_event_id)
  where provider_event_id is not null;
create unique index payment_events_applied_uq on payment_events (payment_id) where applied;
create index payment_events_payment_idx on payment_events (payment_id, created_at);

create function payment_events_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'payment_events is append-only';
end;
$$;
create trigger payment_events_append_only before update or delete on payment_events
  for each row execute function payment_events_append_only();

-- Idempotency-Key of money-moving calls, claimed in its own committed row before the gateway is called:
-- the unique key makes a second claim impossible; the same key answers the stored response; another body
-- (request_hash, an HMAC that never contains card data in clear) → 422. A claim whose lease ran out (crashed
-- process) or that ended in a retryable gateway error may be taken again, and reuses its payment.
create table idempotency_keys (
  id text primary key,
  shop_id text not null references shops(id),
  user_id text not null,
  scope text not null check (length(scope) between 1 and 60),
  key text not null check (length(key) between 8 and 200),
  request_hash text not null,
  status text not null default 'in_progress' check (status in ('in_progress', 'retryable', 'done')),
  payment_id text references payments(id),
  response_status integer,
  response_body jsonb,
  locked_until timestamptz not null,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  unique (shop_id, user_id, scope, key),
  check ((status = 'done') = (response_body is not null))
);

-- The installment plan the shopper chose on the card page (what the order total shows).
create table order_card_plans (
  order_id text primary key references orders(id),
  shop_id text not null references shops(id),
  provider_id text not null check (length(provider_id) between 1 and 60),
  installments integer not null check (installments between 1 and 24),
  installment_cents integer not null check (installment_cents > 0),
  total_cents integer not null check (total_cents > 0),
  interest_free boolean not null,
  updated_at timestamptz not null default now()
);
