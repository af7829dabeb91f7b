-- Issue 36 (decision 0057's addendum): the second cart reminder's optional coupon. The rule keeps its settings
-- (kind, value, validity in hours, the line with {cupom}) as one jsonb, null for none; the coupon itself is a row of
-- `coupons` made when the reminder is queued — its id derived from the reminder's (`cpn_{reminderId}`), single use,
-- expiring — that only its contact may use (`contact_id`; null for the shop's own coupons, anyone's).
alter table recovery_rules add column second_coupon jsonb;
alter table coupons add column contact_id text references contacts (id);
