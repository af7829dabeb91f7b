/**
 * A shop's payment account, set by the chatbot platform (`PUT /api/platform/shops/{shop}/payments`, platform key):
 * gateway type, keys, installment rules and the reCAPTCHA site key. Secrets are write-only: stored encrypted,
 * read back masked (`****` + last 4 characters). See docs/decisions/0010-payments.md.
 */
import { z } from 'zod';

export const PAYMENT_ACCOUNT_TYPES = ['vitrine', 'pagarme', 'mercadopago', 'link'] as const;

/** A key or token without spaces, `min`–`max` characters; `what` names the field in the message. */
const key = (what: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(
      new RegExp(`^\\S{${min},${max}}$`),
      `${what} deve ter de ${min} a ${max} caracteres, sem espaços.`,
    );

/** A number with at most two decimals between `min` and `max`. */
const decimal = (message: string, min: number, max: number) =>
  z
    .number({ message })
    .min(min, message)
    .max(max, message)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, message);

export const installmentRulesBody = z
  .object({
    maxInstallments: z
      .number({ message: 'O número máximo de parcelas deve ser um inteiro de 1 a 24.' })
      .int('O número máximo de parcelas deve ser um inteiro de 1 a 24.')
      .min(1, 'O número máximo de parcelas deve ser um inteiro de 1 a 24.')
      .max(24, 'O número máximo de parcelas deve ser um inteiro de 1 a 24.')
      .describe('Most installments offered (1–24)'),
    minInstallmentValue: decimal(
      'O valor mínimo da parcela deve ser de R$ 0,00 a R$ 100.000,00, com até 2 casas decimais.',
      0,
      100_000,
    ).describe('Smallest installment offered, in reais (a plan exists while its installment reaches it)'),
    interestFreeInstallments: z
      .number({
        message: 'O número de parcelas sem juros deve ser um inteiro de 1 até o máximo de parcelas.',
      })
      .int('O número de parcelas sem juros deve ser um inteiro de 1 até o máximo de parcelas.')
      .min(1, 'O número de parcelas sem juros deve ser um inteiro de 1 até o máximo de parcelas.')
      .describe('Up to this many installments there is no interest (≤ maxInstallments)'),
    monthlyInterestRate: decimal(
      'A taxa de juros mensal deve ser de 0% a 10%, com até 2 casas decimais.',
      0,
      10,
    ).describe('Monthly interest above the interest-free installments, in percent (1.99 = 1,99% a month)'),
  })
  .strict()
  .superRefine((rules, ctx) => {
    if (rules.interestFreeInstallments > rules.maxInstallments)
      ctx.addIssue({
        code: 'custom',
        path: ['interestFreeInstallments'],
        message: 'O número de parcelas sem juros deve ser um inteiro de 1 até o máximo de parcelas.',
      });
  });

/**
 * `PUT` body: the account type and installment rules are required; each key or secret given replaces the stored
 * one, `null` removes it, absent keeps it (so the rules can change without sending the secrets again). What each account type needs is checked after that
 * merge: pagarme → publicKey + secretKey; mercadopago → publicKey + secretKey + webhookSecret; link → secretKey +
 * webhookSecret; vitrine → nothing.
 */
export const paymentSettingsBody = z
  .object({
    accountType: z
      .enum(PAYMENT_ACCOUNT_TYPES, {
        message: 'O tipo de conta deve ser vitrine, pagarme, mercadopago ou link.',
      })
      .describe(
        "'vitrine': our card page (sandbox gateway in the demo); 'pagarme': our card page, card tokenised in " +
          "the browser (Pagar.me v5); 'mercadopago': Card Payment Brick; 'link': Mercado Pago Checkout Pro link",
      ),
    publicKey: key('A chave pública', 1, 500)
      .nullish()
      .describe('Pagar.me public key (browser tokenisation) or Mercado Pago public key (Brick)'),
    secretKey: key('A chave secreta / token de acesso', 8, 500)
      .nullish()
      .describe('Pagar.me secret key or Mercado Pago access token (write-only)'),
    webhookSecret: key('O segredo do webhook', 8, 500)
      .nullish()
      .describe(
        'Mercado Pago webhook secret (x-signature), Pagar.me hook Basic credentials `user:password`, or the ' +
          "sandbox's signing secret (write-only)",
      ),
    installments: installmentRulesBody,
    recaptchaSiteKey: key('A chave do site do reCAPTCHA', 1, 200)
      .nullish()
      .describe(
        "The shop's own reCAPTCHA site key; shown on the card page only together with its pair's secret " +
          '(recaptchaSecretKey), else the server-wide pair is used',
      ),
    recaptchaSecretKey: key('A chave secreta do reCAPTCHA', 8, 200)
      .nullish()
      .describe(
        "Secret of the same reCAPTCHA pair as recaptchaSiteKey, used to verify the shop's tokens (write-only)",
      ),
  })
  .strict();
export type PaymentSettingsBody = z.infer<typeof paymentSettingsBody>;

const masked = z
  .string()
  .nullable()
  .describe('Only the last 4 characters, e.g. `****a1b2`; null when not set');

/** What `GET`/`PUT` answer: the account with secrets masked. */
export const paymentSettings = z.object({
  shop: z.string(),
  accountType: z.enum(PAYMENT_ACCOUNT_TYPES),
  publicKey: z.string().nullable(),
  secretKey: masked,
  webhookSecret: masked,
  installments: z.object({
    maxInstallments: z.number().int(),
    minInstallmentValue: z.number(),
    interestFreeInstallments: z.number().int(),
    monthlyInterestRate: z.number(),
  }),
  recaptchaSiteKey: z.string().nullable(),
  recaptchaSecretKey: masked,
});
export type PaymentSettings = z.infer<typeof paymentSettings>;
