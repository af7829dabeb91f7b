-- Issue 36: how each recovery rule's reminders reach the contact (decision 0057's addendum): our chat message
-- through the outbox, a signed chatbot event ('cart.abandoned', 'payment.reminder') for a platform that speaks
-- itself, or both.
alter table recovery_rules
  add column cart_delivery text not null default 'message' check (cart_delivery in ('message', 'event', 'both')),
  add column payment_delivery text not null default 'message'
    check (payment_delivery in ('message', 'event', 'both'));
