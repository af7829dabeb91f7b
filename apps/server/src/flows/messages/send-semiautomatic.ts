/**
 * Semi-automatic toggle (spec §4, §7 `POST /api/order/semiautomatic`, agents): hands the order to the bot's
 * semi-automatic flow or back to assisted sale, and tells the chatbot platform (event
 * order.semiautomatic.on / .off) in the same transaction.
 * - With `Idempotency-Key`: the same key changes the order once; a retry answers the current order.
 * - With `{ isInSemiAutomatic }`: sets that value (no change, no event when already so).
 * - Neither: toggles.
 */
import type { Order } from '@vitrine/contracts/order';
import { enqueueOrderEvent } from '../../modules/messaging/service.ts';
import { sha256, hasDedupeKey } from '../../modules/outbox/service.ts';
import { saveSemiAutomatic, changeCurrentOrder } from '../../modules/order/service.ts';
import type { SendContext } from './send-common.ts';

export async function setSemiAutomatic(ctx: SendContext, value: boolean | undefined): Promise<Order> {
  const { session, idempotencyKey } = ctx;
  return changeCurrentOrder(ctx.db, session, async (change) => {
    const { order, tx } = change;
    const keyed = idempotencyKey
      ? `semiautomatic:${order.id}:${sha256(`${session.userId}:${idempotencyKey}`)}`
      : null;
    if (keyed) {
      if (await hasDedupeKey(tx, session.shopId, `event:${keyed}`)) return;
    }
    const target = value ?? !order.is_in_semi_automatic;
    if (target === order.is_in_semi_automatic) return;
    await saveSemiAutomatic(tx, order.id, target);
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
