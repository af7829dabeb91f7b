-- Issue 36: unpaid-order reminders (decision 0057, addendum). The rule gains the payment reminder's settings; a
-- reminder has a kind — 'cart' (the abandoned cart's steps 1 and 2), 'pix' (X minutes before a Pix code expires,
-- with the same code), 'boleto' (the day before a boleto is due), 'new_code' (a new charge after the code expired,
-- once per order) — and names the charge it is about.
alter table recovery_rules
  add column payment_enabled boolean not null default false,
  add column pix_before_minutes integer not null default 10 check (pix_before_minutes between 1 and 1440),
  add column boleto_day_before boolean not null default true,
  add column new_code_after_expiry boolean not null default false,
  add column payment_template text not null
    default 'Oi, {nome}! Seu pagamento de {valor} vence em {vencimento}. Ainda dá tempo de pagar:'
    check (length(payment_template) between 1 and 1000);

alter table recovery_reminders
  add column kind text not null default 'cart' check (kind in ('cart', 'pix', 'boleto', 'new_code')),
  add column payment_id text references payments (id);
alter table recovery_reminders drop constraint recovery_reminders_order_id_step_key;
create unique index recovery_reminders_cart_step_uq on recovery_reminders (order_id, step) where kind = 'cart';
alter table recovery_reminders drop constraint recovery_reminders_reason_check;
alter table recovery_reminders add constraint recovery_reminders_reason_check check (
  reason in ('quiet_hours', 'confirmed', 'cancelled', 'emptied', 'opted_out', 'contact_cap', 'window_closed',
    'rule_off', 'no_recipient', 'paid', 'expired', 'superseded', 'out_of_stock')
);
alter table recovery_reminders add constraint recovery_reminders_payment_check check ((kind = 'cart') = (payment_id is null));
