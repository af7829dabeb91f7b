-- Issue 34 (decision 0053): a proposal can change the order's coupon and manual discount besides its lines. What it
-- sets of the checkout ({ coupon?, manualDiscountCents? }, absent keys unchanged); null when it changes only lines.
alter table order_edits add column checkout jsonb;
