/**
 * Test support for refunds (issue 34): a finalized order whose tracked product sold `quantity` units from a
 * counted stock and whose gateway charge (sandbox) paid it, and a payment context whose gateway is a scripted
 * provider that keeps every refund it made by idempotency key — as a real one does, a repeated key refunds
 * nothing more — so a test can count what reached the provider.
 */
import type { Db } from '../../db/client.ts';
import { GatewayError, type PaymentGateway } from '../../adapters/payments/gateway.ts';
import { newId } from '../../lib/ids.ts';
import { placeTestOrder } from '../../test/board-kit.ts';
import type { PaymentContext } from './context.ts';

export type SoldOrder = { orderId: string; itemId: string; unitId: string };

export async function soldOrder(
  db: Db,
  shopId: string,
  o: { phone: string; totalCents: number; quantity: number; onHand: number },
): Promise<SoldOrder> {
  const orderId = await placeTestOrder(db, shopId, {
    name: 'Prop',
    phone: o.phone,
    totalCents: o.totalCents,
    quantity: o.quantity,
    paid: true,
  });
  await db.query(`update payments set provider_payment_id = 'sbx_paid_' || id where order_id = $1`, [
    orderId,
  ]);
  const [item] = await db.query<{ id: string; product_id: string }>(
    'select id, product_id from order_items where order_id = $1',
    [orderId],
  );
  await db.query('insert into stock_settings (product_id, shop_id, track) values ($1, $2, true)', [
    item!.product_id,
    shopId,
  ]);
  await db.query(
    `insert into stock_movements (shop_id, unit_id, product_id, reason, on_hand_delta, actor, note)
     values ($1, $2, $2, 'adjustment', $3, 'staff', 'Contagem')`,
    [shopId, item!.product_id, o.onHand],
  );
  // Placed straight as Received (no hold): back to Creating, then Received holds, Finalized sells.
  for (const status of [0, 1, 2])
    await db.query('update orders set status = $2 where id = $1', [orderId, status]);
  return { orderId, itemId: item!.id, unitId: item!.product_id };
}

/** What the scripted provider does with the next refund asked of it. */
export type ProviderMove = 'ok' | 'refuse' | 'lost';

export type FakeProvider = {
  /** Refunds made, by idempotency key (a repeated key answers the same refund). */
  refunds: Map<string, number>;
  calls: number;
  next: ProviderMove;
  delayMs: number;
};

export function fakeProvider(): FakeProvider {
  return { refunds: new Map(), calls: 0, next: 'ok', delayMs: 0 };
}

/** The app's payment context with every shop's gateway answering as `provider` says. */
export function scriptedContext(base: PaymentContext, provider: FakeProvider): PaymentContext {
  const gateway = {
    name: 'sandbox',
    async refund(request) {
      provider.calls += 1;
      if (provider.delayMs) await new Promise((resolve) => setTimeout(resolve, provider.delayMs));
      // A key the provider already took is answered as it was then, never refused nor refunded again: the
      // idempotent replay of Mercado Pago's X-Idempotency-Key and Pagar.me's Idempotency-Key.
      const replay = provider.refunds.has(request.idempotencyKey);
      if (provider.next === 'refuse' && !replay)
        throw new GatewayError('HTTP 400: valor indisponível', 'refused', false, 400);
      if (!replay) provider.refunds.set(request.idempotencyKey, request.amountCents);
      if (provider.next === 'lost')
        throw new GatewayError('gateway indisponível (timeout)', 'unavailable', true);
      return { providerRefundId: `ref_${request.idempotencyKey}`, status: 'approved' };
    },
  } as Pick<PaymentGateway, 'name' | 'refund'> as PaymentGateway;
  return { ...base, gateways: () => gateway };
}

export const staffActor = { id: 'user-prop', name: 'Dona Prop' };
export const propKey = () => newId('key');
