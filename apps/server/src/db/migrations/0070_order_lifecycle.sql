-- Issue 38, docs/decisions/0055: one visible lifecycle. An order finalized by hand is done, so its fulfilment
-- ends at 'delivered' (flows/orders/manage.ts now writes both); orders finalized by hand before this migration
-- (their 'order.finalized' audit entry) get the step too, so they keep reading 'Finalizado' and offer no step.
-- Orders finalized by a payment alone keep their step (they read it, or 'Recebido', until delivered).
update orders o
   set fulfilment = 'delivered', fulfilment_at = coalesce(o.fulfilment_at, a.at)
  from (select target, max(created_at) as at from audit_log where action = 'order.finalized' group by target) a
 where a.target = o.id and o.status = 2 and o.fulfilment is distinct from 'delivered';
