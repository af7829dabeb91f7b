/**
 * The contact pays their placed WhatsApp catalogue order by themselves (issue 35, decision 0062): which of the
 * methods the order offers (as the shop's settings stand now, methods.ts) a contact can pay alone, and how the one
 * chosen is paid — the card page, the Pix BR Code of the shop's key, the gateway's (or bank's) Pix or boleto charge
 * (charge.ts, made by `chargeAndSend` as the agent confirm's charge job makes it), or on delivery. Nothing here
 * writes the order: the flow sets the method and asks for the message and the charge.
 */
import { Gateway, PaymentMethod } from '@vitrine/contracts/enums';
import type { PlacedPaymentHow } from '@vitrine/contracts/placed-payment';
import type { Queryable } from '../../db/client.ts';
import { documentUrlSigner } from '../../lib/signed-url.ts';
import {
  confirmedOrderState,
  findOrderAwaitingPayment,
  serializeOrder,
  type OrderRow,
} from '../order/service.ts';
import type { SessionContext } from '../session/service.ts';
import { getShop, settingsOf, type ShopRow } from '../shop/service.ts';
import { loadPaymentAccount } from './account.ts';
import type { PaymentContext } from './context.ts';
import { ON_DELIVERY_OPTIONS, placedOrderOptions, type PaymentOptionWire } from './methods.ts';
import {
  CARD_PAYMENT_PATH,
  enqueuePaymentMessage,
  instructionsFor,
  needsGatewayCharge,
} from './payment-message.ts';
import { findShopPix, qrDataUrl } from './pix.ts';
import { usesBankPix } from './pix-bank-account.ts';
import { findWaitingPayment } from './repository.ts';
import { expireOverdue } from './settle.ts';

const withMethod = (order: OrderRow, method: number): OrderRow => ({
  ...order,
  checkout: { ...order.checkout, paymentMethod: method },
});

/**
 * The ways the order's contact can pay it alone, in the order's offer's order: card and boleto through the shop's
 * gateway (not a manual one); Pix through the gateway or the bank's API when the shop charges Pix there, else by
 * the BR Code of its own Pix key (none without a key); the pay-on-delivery means once the order has a delivery
 * option. Link, Nubank, Pagaleve and the shop's custom method need the shop to send something: left to the agent.
 */
export async function remotePaymentOptions(
  ctx: PaymentContext,
  db: Queryable,
  order: OrderRow,
): Promise<PaymentOptionWire[]> {
  const state = await confirmedOrderState(db, order);
  const settings = settingsOf(state.shop);
  const account = await loadPaymentAccount(db, ctx.config.messaging.credentialsKey, order.shop_id);
  const online = order.gateway !== Gateway.Manual && ctx.gateways(account) !== null;
  const usable: PaymentOptionWire[] = [];
  // The shop's own options read its stored settings (settingsOf leaves the methods it takes out).
  for (const option of placedOrderOptions(serializeOrder(state), state.shop.settings)) {
    const { method } = option;
    if (method === PaymentMethod.CreditCard) {
      // The card page pays the contact's most recently confirmed unpaid order (decision 0010): only that one.
      if (online && (await findOrderAwaitingPayment(db, order.shop_id, order.user_id))?.id === order.id)
        usable.push(option);
    } else if (method === PaymentMethod.Boleto) {
      if (online) usable.push(option);
    } else if (method === PaymentMethod.Pix) {
      const charged = await needsGatewayCharge(db, withMethod(order, method), settings);
      const ready = charged
        ? online || (await usesBankPix(db, order.shop_id))
        : (await findShopPix(db, order.shop_id)) !== null;
      if (ready) usable.push(option);
    } else if (method === PaymentMethod.OnDelivery && order.checkout.logistic) usable.push(option);
  }
  return usable;
}

/** The option the order's checkout names now (`method-<n>`, or the pay-on-delivery mean), null without a method. */
export function chosenOptionId(order: OrderRow): string | null {
  const method = order.checkout.paymentMethod ?? null;
  if (method === null) return null;
  if (method !== PaymentMethod.OnDelivery) return `method-${method}`;
  const mean = ON_DELIVERY_OPTIONS.find((o) => o.providerId === order.checkout.paymentOption?.providerId);
  return mean?.id ?? null;
}

const NOTHING = {
  pixCode: null,
  pixQrImage: null,
  boletoLine: null,
  url: null,
  expiresAt: null,
  meanName: null,
  cashAmountCents: null,
};

/**
 * How the order's chosen method is paid now: for boleto and gateway Pix its Waiting charge, one past its expiry
 * expired first (as the payment page reads it), 'pending' without one.
 */
export async function remotePaymentHow(
  ctx: PaymentContext,
  order: OrderRow,
  shop: ShopRow,
): Promise<PlacedPaymentHow> {
  const { db } = ctx;
  if (await needsGatewayCharge(db, order, settingsOf(shop))) {
    await expireOverdue(db, order.id);
    const waiting = await findWaitingPayment(db, order.id);
    const expiresAt = waiting?.expires_at ? new Date(waiting.expires_at).toISOString() : null;
    if (waiting?.payment_link) return { ...NOTHING, kind: 'link', url: waiting.payment_link };
    if (waiting?.pix_copy_paste)
      return {
        ...NOTHING,
        kind: 'pix',
        pixCode: waiting.pix_copy_paste,
        pixQrImage: waiting.pix_qr_image ?? (await qrDataUrl(waiting.pix_copy_paste)),
        expiresAt,
      };
    if (waiting?.boleto_line) {
      const url = waiting.boleto_url && documentUrlSigner(ctx.config)(waiting.boleto_url);
      return { ...NOTHING, kind: 'boleto', boletoLine: waiting.boleto_line, url, expiresAt };
    }
    return { ...NOTHING, kind: 'pending' };
  }
  const how = await instructionsFor(db, shop, order, undefined);
  if (how?.kind === 'pix')
    return { ...NOTHING, kind: 'pix', pixCode: how.code, pixQrImage: await qrDataUrl(how.code) };
  if (how?.kind === 'onDelivery')
    return { ...NOTHING, kind: 'onDelivery', meanName: how.meanName, cashAmountCents: how.cashAmountCents };
  return { ...NOTHING, kind: 'card', url: CARD_PAYMENT_PATH };
}

/**
 * In the choice's transaction: the chosen method's payment message to the contact once per version of the order
 * (the card page's link, the Pix code, what to pay on delivery), as the agent confirm sends it; true when the
 * method's instructions come with a charge instead (boleto, gateway or bank Pix: `chargeAndSend` after commit).
 */
export async function queueChosenPayment(
  tx: Queryable,
  order: OrderRow,
  session: SessionContext,
): Promise<boolean> {
  const shop = await getShop(tx, order.shop_id);
  if (await needsGatewayCharge(tx, order, settingsOf(shop))) return true;
  await enqueuePaymentMessage(tx, order, session, undefined, `payment:${order.id}:chosen:${order.version}`);
  return false;
}
