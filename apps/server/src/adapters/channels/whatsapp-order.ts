/**
 * WhatsApp's own order messages (Payments API – Brazil, Orders API; docs/decisions/0030): a part with
 * `order.kind = 'details'` becomes an interactive `order_details` message (action `review_and_pay`, the items,
 * the total and one `payment_settings` entry: `pix_dynamic_code`, `boleto` or `payment_link`), one with
 * `order.kind = 'status'` an interactive `order_status` message (action `review_order`). Amounts are written here
 * in the API's `{ value, offset }` form (value 1990 with offset 100 = R$ 19,90). When the 24-hour customer-service
 * window is closed, the adapter sends the shop's approved template instead (`orderTemplateBody`).
 */
import type { OrderMessage, OrderPaymentSetting } from '@vitrine/contracts/messaging';

/** `offset` of every amount: centavos, so `value` is the amount in centavos. */
export const AMOUNT_OFFSET = 100;
export const ORDER_BODY_MAX = 1024;
export const ORDER_DESCRIPTION_MAX = 120;
export const ITEM_NAME_MAX = 60;
/** reference_id: letters, digits, `_`, `-`, `.`; at most 35 characters (Orders API). */
export const REFERENCE_ID = /^[A-Za-z0-9_.-]{1,35}$/;
/** The window-closed refusal of the Cloud API ("Re-engagement message"). */
export const WINDOW_CLOSED_CODE = '131047';
/** The template sent when the window is closed, unless the shop's WhatsApp settings name another. */
export const DEFAULT_ORDER_TEMPLATE = 'vitrine_pedido';

export const amount = (cents: number) => ({ value: cents, offset: AMOUNT_OFFSET });

function paymentSetting(payment: OrderPaymentSetting): Record<string, unknown> {
  switch (payment.type) {
    case 'pix':
      return {
        type: 'pix_dynamic_code',
        pix_dynamic_code: {
          code: payment.code,
          merchant_name: payment.merchantName,
          key: payment.key,
          key_type: payment.keyType,
        },
      };
    case 'boleto':
      return { type: 'boleto', boleto: { digitable_line: payment.line } };
    case 'link':
      return { type: 'payment_link', payment_link: { uri: payment.url } };
  }
}

/** The `interactive` object of an order part (the caller adds the envelope). */
export function orderInteractive(text: string, order: OrderMessage): Record<string, unknown> {
  const body = { text: text.slice(0, ORDER_BODY_MAX) };
  if (order.kind === 'status') {
    return {
      type: 'order_status',
      body,
      action: {
        name: 'review_order',
        parameters: {
          reference_id: order.referenceId,
          order: { status: order.status, description: order.description.slice(0, ORDER_DESCRIPTION_MAX) },
        },
      },
    };
  }
  return {
    type: 'order_details',
    body,
    action: {
      name: 'review_and_pay',
      parameters: {
        reference_id: order.referenceId,
        type: 'physical-goods',
        payment_type: 'br',
        payment_settings: [paymentSetting(order.payment)],
        currency: 'BRL',
        total_amount: amount(order.totalCents),
        order: {
          status: 'pending',
          items: order.items.map((item) => ({
            retailer_id: item.retailerId,
            name: item.name.slice(0, ITEM_NAME_MAX),
            amount: amount(item.amountCents),
            quantity: item.quantity,
          })),
          subtotal: amount(order.subtotalCents),
          tax: { ...amount(0), description: 'Impostos inclusos' },
          ...(order.shippingCents > 0
            ? { shipping: { ...amount(order.shippingCents), description: 'Entrega e taxas' } }
            : {}),
          ...(order.discountCents > 0
            ? { discount: { ...amount(order.discountCents), description: 'Descontos' } }
            : {}),
        },
      },
    },
  };
}

/**
 * The template message of an order part, for a closed window: the shop's approved template `name` (pt_BR) with one
 * body parameter, the order's headline (a template parameter holds no line breaks).
 */
export function orderTemplate(name: string, order: OrderMessage): Record<string, unknown> {
  const headline = order.headline.replace(/\s+/g, ' ').trim();
  return {
    name,
    language: { policy: 'deterministic', code: 'pt_BR' }, // policy: required by Meta's OpenAPI LanguageObject
    components: [{ type: 'body', parameters: [{ type: 'text', text: headline }] }],
  };
}
