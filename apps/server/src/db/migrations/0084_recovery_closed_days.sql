-- Issue 36: days the shop marks closed (decision 0057's addendum) — no reminder goes out on them; a reminder due on
-- one waits until the end of quiet hours of the next open day, with the reason 'closed_day'.
alter table recovery_rules add column closed_days jsonb not null default '[]'::jsonb
  check (jsonb_typeof(closed_days) = 'array' and jsonb_array_length(closed_days) <= 60);
alter table recovery_reminders drop constraint recovery_reminders_reason_check;
alter table recovery_reminders add constraint recovery_reminders_reason_check check (
  reason in ('quiet_hours', 'confirmed', 'cancelled', 'emptied', 'opted_out', 'contact_cap', 'window_closed',
    'rule_off', 'no_recipient', 'paid', 'expired', 'superseded', 'out_of_stock', 'closed_day')
);
