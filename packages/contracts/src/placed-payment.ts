/**
 * The contact chooses how to pay their placed WhatsApp catalogue order (issue 35, decision 0062): after the delivery
 * (placed-delivery.ts), `/order/delivery/{orderId}` reads the ways the shop takes a remote payment and sends one; the
 * answer then says how to pay it — the card page, the Pix code and QR, the boleto line and PDF, the provider's page,
 * or what is paid on delivery.
 */
import { z } from 'zod';

/** One way to pay: a method (`method-<n>`) or a pay-on-delivery mean (`cash`, `pix-on-delivery`, …). */
export const placedPaymentOption = z.object({
  id: z.string(),
  method: z.number().int(),
  name: z.string(),
  /** The pay-on-delivery group ('Dinheiro' asks for the change), null for an online method. */
  group: z.string().nullable(),
});
export type PlacedPaymentOption = z.infer<typeof placedPaymentOption>;

/**
 * How the chosen way is paid: 'card' → the card page (`url`); 'pix' → `pixCode` and its QR; 'boleto' → `boletoLine`
 * and the PDF (`url`, signed); 'link' → the provider's payment page (`url`); 'onDelivery' → `meanName` (and the change
 * for `cashAmountCents`); 'pending' → the charge is not there (it expired or the gateway did not answer): choosing
 * the same way again makes a new one.
 */
export const placedPaymentHow = z.object({
  kind: z.enum(['card', 'pix', 'boleto', 'link', 'onDelivery', 'pending']),
  pixCode: z.string().nullable(),
  pixQrImage: z.string().nullable(),
  boletoLine: z.string().nullable(),
  url: z.string().nullable(),
  expiresAt: z.string().nullable(),
  meanName: z.string().nullable(),
  cashAmountCents: z.number().int().nullable(),
});
export type PlacedPaymentHow = z.infer<typeof placedPaymentHow>;

/** `GET /api/order/placed/{orderId}/payment`: what is due, the ways the shop takes and the one chosen. */
export const placedPayment = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  shopName: z.string(),
  /** The shop's time zone: a charge's expiry is read in it (decision 0043). */
  timeZone: z.string(),
  /** What is left to pay, in centavos (the whole total, delivery fee included). */
  dueCents: z.number().int(),
  /** The chosen delivery option's name, null while it is agreed in the chat. */
  deliveryName: z.string().nullable(),
  options: z.array(placedPaymentOption),
  chosen: z.object({ optionId: z.string(), name: z.string(), how: placedPaymentHow }).nullable(),
});
export type PlacedPayment = z.infer<typeof placedPayment>;

/** `POST /api/order/placed/{orderId}/payment`: one of the options; for cash, the amount the change is for. */
export const choosePlacedPaymentBody = z.strictObject({
  optionId: z.string().min(1, 'Escolha a forma de pagamento.').max(60, 'Forma de pagamento inválida.'),
  cashAmount: z.number().positive('Informe o valor em dinheiro.').max(1_000_000).nullable().optional(),
});
export type ChoosePlacedPaymentBody = z.infer<typeof choosePlacedPaymentBody>;
