/** The installment plan chosen for an order on the card page (order_card_plans). */
import type { Queryable } from '../../db/client.ts';
import type { InstallmentPlan } from './installments.ts';

export type CardPlanRow = {
  provider_id: string;
  installments: number;
  installment_cents: number;
  total_cents: number;
  interest_free: boolean;
};

export async function saveCardPlan(
  db: Queryable,
  shopId: string,
  orderId: string,
  providerId: string,
  plan: InstallmentPlan,
): Promise<void> {
  await db.query(
    `insert into order_card_plans (order_id, shop_id, provider_id, installments, installment_cents, total_cents,
       interest_free) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (order_id) do update set provider_id = excluded.provider_id, installments = excluded.installments,
       installment_cents = excluded.installment_cents, total_cents = excluded.total_cents,
       interest_free = excluded.interest_free, updated_at = now()`,
    [orderId, shopId, providerId, plan.count, plan.installmentCents, plan.totalCents, plan.interestFree],
  );
}

export async function findCardPlan(db: Queryable, orderId: string): Promise<CardPlanRow | null> {
  const [row] = await db.query<CardPlanRow>('select * from order_card_plans where order_id = $1', [orderId]);
  return row ?? null;
}

export async function deleteCardPlan(db: Queryable, orderId: string): Promise<void> {
  await db.query('delete from order_card_plans where order_id = $1', [orderId]);
}
