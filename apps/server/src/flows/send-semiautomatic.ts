/**
 * Semi-automatic toggle (spec §4, §7 `POST /api/order/semiautomatic`, agents): hands the order to the bot's
 * semi-automatic flow or back to assisted sale, and tells the chatbot platform (event
 * order.semiautomatic.on / .off) in the same transaction.
 * - With `Idempotency-Key`: the same key changes the order once; a retry answers the current order.
 * - With `{ isInSemiAutomatic }`: sets that value (no change, no event when already so).
 * - Neither: toggles.
 */
import type { Order } from '@vitrine/contracts/order';
import { enqueueOrderEvent } from '../modules/messaging/events.ts';
import { sha256 } from '../modules/outbox/enqueue.ts';
import { changeCurrentOrder } from '../modules/order/service.ts';
import type { SendContext } from './send-common.ts';

export async function setSemiAutomatic(ctx: SendContext, value: boolean | undefined): Promise<Order> {
  const { session, idempotencyKey } = ctx;
  return changeCurrentOrder(ctx.db, session, async (change) => {
    const { order, tx } = change;
    const keyed = idempotencyKey
      ? `semiautomatic:${order.id}:${sha256(`${session.userId}:${idempotencyKey}`)}`
      : null;
    if (keyed) {
      const seen = await tx.query('select 1 from outbox where shop_id = $1 and dedupe_key = $2', [
        session.shopId,
        `event:${keyed}`,
      ]);
      if (seen.length) return;
    }
    const target = value ?? !order.is_in_semi_automatic;
    if (target === order.is_in_semi_automatic) return;
    await tx.query('update orders set is_in_semi_automatic = $2, updated_at = now() where id = $1', [
      order.id,
      target,
    ]);
    change.order = { ...order, is_in_semi_automatic: target };
    await enqueueOrderEvent(
      tx,
      target ? 'order.semiautomatic.on' : 'order.semiautomatic.off',
      change.order,
      session,
      {
        dedupeKey: keyed ?? `semiautomatic:${order.id}:v${order.version}`,
      },
    );
  });
}
