/**
 * The contact chooses how to pay their placed WhatsApp catalogue order and pays it (issue 35, decision 0062): after
 * the delivery (placed-delivery.ts), `/order/delivery/{orderId}` reads the ways the shop takes a remote payment and
 * sends one.
 *
 * - `GET /api/order/placed/{orderId}/payment`: what is due, the ways (the payment module's `remotePaymentOptions`:
 *   the methods the order offers as the shop's settings stand now that a contact pays alone) and the one chosen with
 *   how it is paid (`remotePaymentHow`).
 * - `POST` sets the way under the order's row lock: another way's Waiting charge cancelled and card plan dropped,
 *   the method written (a version of the order), audited, the payment message queued as the agent confirm queues it;
 *   after commit, boleto and gateway or bank Pix get their charge made and sent by `chargeAndSend` (the agent
 *   confirm's charge job's own step). The same way again changes nothing and makes a charge only when none waits.
 *
 * Only the order's contact (403 for another session type), on their own order (404 for another's, another shop's
 * or an unknown one), Received (409), with something to pay (409 'Este pedido já está pago.') and — where the shop
 * offers delivery options — the delivery chosen first (409).
 */
import { OrderStatus, PaymentMethod, SessionType } from '@vitrine/contracts/enums';
import { reaisToCents } from '@vitrine/contracts/money';
import type { ChoosePlacedPaymentBody, PlacedPayment } from '@vitrine/contracts/placed-payment';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import { listLogistics } from '../../modules/logistics/service.ts';
import {
  findShopOrder,
  lockOrder,
  ORDER_STATUS_NAMES,
  setPlacedPaymentMethod,
  type OrderRow,
} from '../../modules/order/service.ts';
import {
  cancelWaitingCharge,
  chargeAndSend,
  chosenOptionId,
  deleteCardPlan,
  gatewayUnavailable,
  orderDueCents,
  queueChosenPayment,
  remotePaymentHow,
  remotePaymentOptions,
  type PaymentContext,
} from '../../modules/payment/service.ts';
import { getShop } from '../../modules/shop/service.ts';

const CONTACT = { userId: null, label: 'Cliente' };

/** The session's own order while its payment may be chosen: 403, 404 or 409 in pt-BR otherwise. */
async function payableOrder(db: Queryable, session: SessionContext, order: OrderRow | null) {
  if (session.sessionType !== SessionType.Contact)
    throw new AppError('forbidden', 'placedPaymentContactOnly');
  if (!order?.confirmed_at || order.user_id !== session.userId)
    throw new AppError('notFound', 'placedDeliveryNotFound');
  if ((await orderDueCents(db, order)) <= 0) throw new AppError('conflict', 'placedPaymentPaid');
  if (order.status !== OrderStatus.Received) {
    const status = ORDER_STATUS_NAMES[order.status as OrderStatus].toLowerCase();
    throw new AppError('conflict', 'placedPaymentStatus', { status });
  }
  if (!order.checkout.logistic && (await listLogistics(db, order.shop_id)).length > 0)
    throw new AppError('conflict', 'placedPaymentNoDelivery');
  return order as OrderRow & { number: number };
}

async function viewOf(ctx: PaymentContext, order: OrderRow & { number: number }): Promise<PlacedPayment> {
  const [options, dueCents, shop] = await Promise.all([
    remotePaymentOptions(ctx, ctx.db, order),
    orderDueCents(ctx.db, order),
    getShop(ctx.db, order.shop_id),
  ]);
  const optionId = chosenOptionId(order);
  const option = options.find((o) => o.id === optionId);
  return {
    orderId: order.id,
    orderNumber: order.number,
    shopName: shop.name,
    timeZone: shop.time_zone,
    dueCents,
    deliveryName: order.checkout.logistic?.name ?? null,
    options: options.map(({ id, method, name, group }) => ({ id, method, name, group })),
    chosen: option
      ? { optionId: option.id, name: option.name, how: await remotePaymentHow(ctx, order, shop) }
      : null,
  };
}

/** `GET /api/order/placed/{orderId}/payment`. */
export async function placedPaymentOf(
  ctx: PaymentContext,
  session: SessionContext,
  orderId: string,
): Promise<PlacedPayment> {
  const order = await findShopOrder(ctx.db, session.shopId, orderId);
  return viewOf(ctx, await payableOrder(ctx.db, session, order));
}

/** `POST /api/order/placed/{orderId}/payment`: the way chosen (422 one the order does not take), then its charge. */
export async function choosePlacedPayment(
  ctx: PaymentContext,
  session: SessionContext,
  orderId: string,
  body: ChoosePlacedPaymentBody,
): Promise<PlacedPayment> {
  const { order, charged } = await ctx.db.transaction(async (tx) => {
    const locked = await payableOrder(tx, session, await lockOrder(tx, session.shopId, orderId));
    const option = (await remotePaymentOptions(ctx, tx, locked)).find((o) => o.id === body.optionId);
    if (!option) throw new AppError('unprocessable', 'paymentMethodUnavailable');
    const cash = option.group === 'Dinheiro' && body.cashAmount ? reaisToCents(body.cashAmount) : null;
    if (cash !== null && cash < (await orderDueCents(tx, locked)))
      throw new AppError('unprocessable', 'cashAmountTooLow');
    const same =
      chosenOptionId(locked) === option.id &&
      (locked.checkout.paymentOption?.cashAmountCents ?? null) === cash;
    if (same) return { order: locked, charged: await queueChosenPayment(tx, locked, session) };
    await cancelWaitingCharge(tx, locked.id, session);
    await deleteCardPlan(tx, locked.id);
    const onDelivery = option.method === PaymentMethod.OnDelivery;
    const saved = await setPlacedPaymentMethod(
      tx,
      locked.id,
      option.method,
      onDelivery
        ? { providerId: option.providerId ?? option.id, group: option.group, cashAmountCents: cash }
        : null,
    );
    await recordAudit(tx, session.shopId, CONTACT, 'order.payment.chosen', locked.id, {
      method: option.name,
    });
    return {
      order: { ...saved, number: locked.number },
      charged: await queueChosenPayment(tx, saved, session),
    };
  });
  if (charged) await chargeAndSend(ctx, order, session).catch(gatewayUnavailable);
  const fresh = await findShopOrder(ctx.db, session.shopId, orderId);
  return viewOf(ctx, fresh as OrderRow & { number: number });
}
