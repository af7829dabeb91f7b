-- Outbox jobs (docs/decisions/0010-payments.md, addenda): work that must call an outside system after a commit
-- (create a gateway charge after agent confirmation, cancel a charge at the provider after a change of method)
-- is queued as kind 'job' in the transaction of the change and run by the outbox worker, with its retries,
-- leases and dedupe key. `type` names the handler (payment.charge, payment.cancel).
alter table outbox drop constraint outbox_kind_check;
alter table outbox add constraint outbox_kind_check check (kind in ('message', 'event', 'job'));
