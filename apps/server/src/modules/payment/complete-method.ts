/**
 * 'Completar pedido' (issue 38, decision 0055 addendum): the payment methods staff may set on a placed order the
 * contact confirmed without one — what the order offers as the shop's settings stand now, less those whose charge
 * is made at confirmation (boleto, Pix through the gateway or the bank's API Pix: no later step would create it).
 */
import type { Queryable } from '../../db/client.ts';
import { confirmedOrderState, serializeOrder, type OrderRow } from '../order/service.ts';
import { settingsOf } from '../shop/service.ts';
import { placedOrderOptions, type PaymentOptionWire } from './methods.ts';
import { needsGatewayCharge } from './payment-message.ts';

export async function completionPaymentOptions(tx: Queryable, order: OrderRow): Promise<PaymentOptionWire[]> {
  const state = await confirmedOrderState(tx, order);
  const settings = settingsOf(state.shop);
  // The shop's own options (custom method, pay-on-delivery means) read its stored settings, as agent-confirm's.
  const offered = placedOrderOptions(serializeOrder(state), state.shop.settings);
  const usable: PaymentOptionWire[] = [];
  for (const option of offered) {
    const withMethod = { ...order, checkout: { ...order.checkout, paymentMethod: option.method } };
    if (!(await needsGatewayCharge(tx, withMethod, settings))) usable.push(option);
  }
  return usable;
}
