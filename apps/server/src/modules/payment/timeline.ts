/** An order's payment timeline for the shop's staff: every recorded payment event, oldest first. */
import { PaymentStatus } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';

export type PaymentTimelineRow = {
  created_at: Date;
  kind: string;
  source: string;
  amount_cents: number;
  method: number;
};

/** The payment events of the shop's order, oldest first (append-only rows, payment_events_payment_idx). */
export async function listOrderPaymentEvents(
  db: Queryable,
  shopId: string,
  orderId: string,
): Promise<PaymentTimelineRow[]> {
  return db.query<PaymentTimelineRow>(
    `select e.created_at, e.kind, e.source, p.amount_cents, p.method
       from payments p join payment_events e on e.payment_id = p.id
      where p.order_id = $1 and p.shop_id = $2
      order by e.created_at, e.id`,
    [orderId, shopId],
  );
}

/** Whether the order has an approved (paid) payment. */
export async function orderIsPaid(db: Queryable, orderId: string): Promise<boolean> {
  const [row] = await db.query<{ paid: boolean }>(
    `select exists (select 1 from payments where order_id = $1 and status = ${PaymentStatus.Paid}) as paid`,
    [orderId],
  );
  return row?.paid === true;
}
