-- Issue 36 (decision 0057's addendum): the approved WhatsApp template each half of a recovery rule names for
-- reminders outside the 24-hour window — { name, language, parameters } (our values for the body's {{1}}, {{2}}…) —
-- null for none (such a reminder is skipped 'window_closed', never sent as text).
alter table recovery_rules add column cart_whatsapp_template jsonb;
alter table recovery_rules add column payment_whatsapp_template jsonb;
