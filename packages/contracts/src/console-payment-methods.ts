/**
 * Console 'Pagamentos › Formas de pagamento' (issue 18, decision 0035): which payment methods the shop takes — card, Pix,
 * boleto, link, Nubank, Pagaleve, a custom one under the shop's own name ('Personalizado', spec method 7, decision
 * 0040) — and which pay-on-delivery means (grouped Dinheiro, Cartão, Pix). Kept in the shop's settings
 * (`paymentMethods`); a shop that never set them takes what the checkout offered before.
 */
import { z } from 'zod';

export const ON_DELIVERY_MEANS = [
  'cash',
  'credit-on-delivery',
  'debit-on-delivery',
  'pix-on-delivery',
] as const;
export type OnDeliveryMean = (typeof ON_DELIVERY_MEANS)[number];
export const ON_DELIVERY_LABELS: Record<OnDeliveryMean, string> = {
  cash: 'Dinheiro',
  'credit-on-delivery': 'Crédito na entrega',
  'debit-on-delivery': 'Débito na entrega',
  'pix-on-delivery': 'Pix na entrega',
};

export const ONLINE_METHODS = ['creditCard', 'pix', 'boleto', 'link', 'nubank', 'pagaleve'] as const;
export type OnlineMethod = (typeof ONLINE_METHODS)[number];
export const ONLINE_METHOD_LABELS: Record<OnlineMethod, string> = {
  creditCard: 'Cartão de crédito',
  pix: 'Pix',
  boleto: 'Boleto',
  link: 'Link de pagamento',
  nubank: 'Nubank',
  pagaleve: 'Pagaleve',
};

export const CUSTOM_NAME_MESSAGE = 'Dê à forma personalizada um nome de 1 a 40 caracteres.';

export const paymentMethodsBody = z
  .object({
    creditCard: z.boolean(),
    pix: z.boolean(),
    boleto: z.boolean(),
    link: z.boolean(),
    nubank: z.boolean(),
    pagaleve: z.boolean(),
    /** 'Personalizado' (method 7): offered to shoppers and agents under `customName` (e.g. 'Vale-alimentação'). */
    custom: z.boolean().default(false),
    customName: z.string().trim().max(40, CUSTOM_NAME_MESSAGE).nullable().default(null),
    /** Atendentes may use 'Registrar pagamento' and 'Desfazer' (owner and manager always may; issue 32). */
    agentsRecordPayments: z.boolean().default(false),
    onDelivery: z
      .array(z.enum(ON_DELIVERY_MEANS, 'Meio de pagamento na entrega inválido.'))
      .max(ON_DELIVERY_MEANS.length)
      .refine((means) => new Set(means).size === means.length, 'Meio repetido.'),
  })
  .strict()
  .refine((body) => ONLINE_METHODS.some((m) => body[m]) || body.custom || body.onDelivery.length > 0, {
    message: 'Aceite ao menos uma forma de pagamento.',
    path: ['onDelivery'],
  })
  .refine((body) => !body.custom || Boolean(body.customName), {
    message: CUSTOM_NAME_MESSAGE,
    path: ['customName'],
  });
export type PaymentMethods = z.output<typeof paymentMethodsBody>;
export type PaymentMethodsInput = z.input<typeof paymentMethodsBody>;

/** What the checkout offered before a shop chose (Nubank and Pagaleve off). */
export const DEFAULT_PAYMENT_METHODS: PaymentMethods = {
  creditCard: true,
  pix: true,
  boleto: true,
  link: true,
  nubank: false,
  pagaleve: false,
  custom: false,
  customName: null,
  agentsRecordPayments: false,
  onDelivery: [...ON_DELIVERY_MEANS],
};

/** The methods a shop's stored settings name, or the defaults when none (or an unreadable value) is stored. */
export function paymentMethodsOf(settings: object): PaymentMethods {
  const parsed = paymentMethodsBody.safeParse((settings as { paymentMethods?: unknown }).paymentMethods);
  return parsed.success ? parsed.data : DEFAULT_PAYMENT_METHODS;
}
