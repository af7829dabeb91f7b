/**
 * Payment calls of spec §7 (`/api/order/payment/*`, `/api/order/{orderId}/account/`,
 * `/api/order/payment/mercadoPago`) and the entities of §3 (Card payment data, Card option, Payment account).
 * Amounts on the wire are reais with two decimals (like the order); the server keeps centavos.
 * See docs/decisions/0010-payments.md.
 */
import { z } from 'zod';

/** §3 Card option: a card type the shop accepts ('Crédito', 'Débito') with its installment plans. */
export const cardOption = z.object({
  providerId: z.string(),
  name: z.string(),
  installments: z.array(
    z.object({
      count: z.number().int().min(1),
      /** Value of each installment, reais. */
      value: z.number(),
      /** Total paid with this plan, reais (above the order total when the plan carries interest). */
      total: z.number(),
      interestFree: z.boolean(),
    }),
  ),
});
export type CardOption = z.infer<typeof cardOption>;

/** `POST /api/order/payment/credit/installments`: chooses card type and installment count; answers the order. */
export const installmentsBody = z.object({
  providerId: z.string().min(1).max(60),
  installments: z.number().int().min(1).max(24),
});
export type InstallmentsBody = z.infer<typeof installmentsBody>;

const text = (max: number) => z.string().trim().max(max);

/**
 * §3 Card payment data for `POST /api/order/payment/credit` (header `Idempotency-Key` required).
 * Either `number` + `securityCode` (card page with the built-in sandbox/Vitrine gateway: passed to the gateway,
 * never stored nor logged) or `cardToken` (+ `brand`, `lastFour`) when the browser tokenised the card with the
 * gateway's public key (Pagar.me). Exactly one of number/cardToken.
 */
export const cardPaymentBody = z
  .object({
    providerId: z.string().min(1).max(60),
    installments: z.number().int().min(1).max(24),
    number: z
      .string()
      .regex(/^\d{12,19}$/, 'Número do cartão inválido')
      .optional(),
    securityCode: z
      .string()
      .regex(/^\d{3,4}$/, 'Código de segurança inválido')
      .optional(),
    cardToken: text(200).min(1).optional(),
    brand: text(40).optional(),
    lastFour: z
      .string()
      .regex(/^\d{4}$/)
      .optional(),
    name: text(120).min(1, 'Nome impresso no cartão é obrigatório'),
    expiryMonth: z.number().int().min(1).max(12),
    /** Two or four digits (`28` or `2028`). */
    expiryYear: z.number().int().min(0).max(2100),
    /** CPF, or CNPJ when corporate and enableCnpj; digits or masked. */
    document: text(20).min(11),
    zipCode: text(9).min(8),
    address: text(200).min(1),
    addressNumber: text(20).min(1),
    complement: text(120).nullish(),
    neighborhood: text(120).min(1),
    city: text(120).min(1),
    state: text(40).min(2),
    recaptchaKey: text(200).nullish(),
    recaptchaToken: text(4000).nullish(),
  })
  .strict()
  .refine((b) => (b.number ? !b.cardToken : !!b.cardToken), {
    message: 'Informe o número do cartão ou o token do cartão',
    path: ['number'],
  })
  .refine((b) => !b.number || !!b.securityCode, {
    message: 'Código de segurança inválido',
    path: ['securityCode'],
  });
export type CardPaymentBody = z.infer<typeof cardPaymentBody>;

/**
 * Answer of `POST /api/order/payment/credit` (`data`): §3 payment status (Waiting 0, Paid 1, Expired 2,
 * Failed 3, Canceled 4), failure type when Failed (ReCAPTCHA 0, LimitExceeded 1, InvalidData 2, Unknown 3) and,
 * for ReCAPTCHA, the site key the client shows the captcha with before resubmitting.
 */
export const cardPaymentResult = z.object({
  status: z.number().int(),
  failureType: z.number().int().nullable(),
  recaptchaKey: z.string().nullable(),
  paymentId: z.string(),
});
export type CardPaymentResult = z.infer<typeof cardPaymentResult>;

/**
 * §3 Payment account (`GET /api/order/{orderId}/account/`): which gateway takes the card and the public key the
 * browser may use (Mercado Pago Brick, Pagar.me tokenisation). `type`: 'vitrine' (built-in card page, sandbox in
 * the demo), 'pagarme', 'mercadopago', 'link'.
 */
export const paymentAccount = z.object({
  settings: z.object({
    type: z.enum(['vitrine', 'pagarme', 'mercadopago', 'link']),
    publicKey: z.string().nullable(),
  }),
});
export type PaymentAccount = z.infer<typeof paymentAccount>;

/**
 * `POST /api/order/payment/mercadoPago`: the Card Payment Brick's `onSubmit` form data (card already tokenised in
 * the browser). Header `Idempotency-Key` required. Answers {status, redirectUrl} — the messaging channel on success.
 */
export const mercadoPagoBrickBody = z.object({
  token: text(200).min(1),
  issuer_id: z.union([z.string(), z.number()]).nullish(),
  payment_method_id: text(40).min(1),
  transaction_amount: z.number().positive(),
  installments: z.number().int().min(1).max(24),
  payer: z.object({
    email: text(200).nullish(),
    identification: z.object({ type: text(10), number: text(20) }).nullish(),
  }),
});
export type MercadoPagoBrickBody = z.infer<typeof mercadoPagoBrickBody>;

/** Answer of `POST /api/order/payment/mercadoPago`: status, failure type, and the chat to go to once paid. */
export const mercadoPagoResult = z.object({
  status: z.number().int(),
  failureType: z.number().int().nullable(),
  redirectUrl: z.string().nullable(),
});
export type MercadoPagoResult = z.infer<typeof mercadoPagoResult>;

/** A Pix or boleto charge as the shopper sees it (payment message, order payment view). */
export const charge = z.object({
  paymentId: z.string(),
  method: z.number().int(),
  status: z.number().int(),
  amount: z.number(),
  pixCopyPaste: z.string().nullable(),
  /** data: URL of the QR image (PNG/SVG). */
  pixQrImage: z.string().nullable(),
  boletoLine: z.string().nullable(),
  boletoUrl: z.string().nullable(),
  /** Payment-link accounts: the provider's payment page. */
  paymentLink: z.string().nullish(),
  expiresAt: z.string().nullable(),
});
export type Charge = z.infer<typeof charge>;
