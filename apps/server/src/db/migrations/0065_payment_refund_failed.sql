-- Issue 32 (decision 0046): a refund the shop's bank reports NAO_REALIZADO (API Pix devolucao, read back from the
-- webhook's `devolucoes`, the reconciliation's GET /pix/{e2eid}/devolucao/{id} or the request's own answer) puts
-- the money back: one `refund_failed` row (> 0) reversing the `refunded` row, once, with the bank's reason.
alter table payment_ledger drop constraint payment_ledger_kind_check;
alter table payment_ledger add constraint payment_ledger_kind_check
  check (kind in ('received', 'undone', 'refunded', 'refund_failed'));
alter table payment_ledger drop constraint payment_ledger_check;
alter table payment_ledger add constraint payment_ledger_amount_sign_check
  check (amount_cents <> 0 and (kind in ('received', 'refund_failed')) = (amount_cents > 0));
create index payment_ledger_bank_refund_idx on payment_ledger (shop_id, refund_id) where refund_id is not null;
-- 0064's reversal rule, with the refund not made: it reverses a refunded row and names no order refund.
alter table payment_ledger drop constraint payment_ledger_reversal;
alter table payment_ledger add constraint payment_ledger_reversal check (
  (kind = 'received' and reverses_id is null and order_refund_id is null)
  or (kind = 'undone' and reverses_id is not null and order_refund_id is null)
  or (kind = 'refunded' and (reverses_id is null) <> (order_refund_id is null))
  or (kind = 'refund_failed' and reverses_id is not null and order_refund_id is null));
