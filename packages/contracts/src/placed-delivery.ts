/**
 * The contact chooses the delivery of their own placed order (issue 35, decision 0054): a WhatsApp catalogue order
 * arrives without a delivery option, and the summary's link opens `/order/delivery/{orderId}`, which reads these
 * choices and sends one. The choices are 'Editar pedido''s (deliveryChoices); the choice is the checkout's
 * (`orderEditDelivery`: option and address by id, then the slot).
 */
import { z } from 'zod';
import { deliveryChoices, orderEditDelivery, orderEditSlotId, orderVersion } from './order-edits.ts';

export const placedOrderIdParam = z.string().regex(/^ord_[0-9a-z]{26}$/, 'Pedido inválido');

/** `GET /api/order/placed/{orderId}/delivery`: the order as it is now and what its delivery may be. */
export const placedDelivery = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  shopName: z.string(),
  /** The order's lines and amounts now (delivery fee included once chosen). */
  current: orderVersion,
  /**
   * The order's payment method (PaymentMethod), null while the shop has not set one: only a card order is paid on
   * the card page (`/order/payment`); the others are paid as the shop sends in the chat.
   */
  paymentMethod: z.number().int().nullable(),
  choices: deliveryChoices,
  /**
   * What each delivery option charges at each of the contact's addresses, free above its minimum counted (null: it
   * does not deliver there); pickup options charge their price anywhere.
   */
  fees: z.array(
    z.object({
      addressId: z.string(),
      providerId: z.string(),
      type: z.number().int(),
      feeCents: z.number().int().nullable(),
    }),
  ),
});
export type PlacedDelivery = z.infer<typeof placedDelivery>;

/** `POST /api/order/placed/{orderId}/delivery`: the option (and, for a delivery, the address) and the slot. */
export const choosePlacedDeliveryBody = z.strictObject({
  delivery: orderEditDelivery,
  slotId: orderEditSlotId.optional(),
});
export type ChoosePlacedDeliveryBody = z.infer<typeof choosePlacedDeliveryBody>;
