/**
 * Console 'Vendas › Cupons' (issue 18, decision 0035): the shop's coupons as the owner or a manager creates,
 * edits and turns them off, with pt-BR messages at the field. Money in centavos; a percentage is 1–100; the
 * validity dates are days in Brasília time (from 00:00 of the first to 23:59 of the last).
 */
import { z } from 'zod';

export const COUPON_KINDS = ['percentage', 'fixed'] as const;
export const COUPON_KIND_LABELS: Record<(typeof COUPON_KINDS)[number], string> = {
  percentage: 'Porcentagem',
  fixed: 'Valor fixo (R$)',
};

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Data inválida.');
const limit = z
  .number('Informe um número inteiro.')
  .int('Informe um número inteiro.')
  .min(1, 'O limite é de ao menos 1 uso.')
  .max(1_000_000, 'Limite alto demais.');

export const couponBody = z
  .object({
    code: z
      .string()
      .trim()
      .min(3, 'O código tem de 3 a 30 caracteres.')
      .max(30, 'O código tem de 3 a 30 caracteres.')
      .regex(/^[A-Za-z0-9_-]+$/, 'Use só letras sem acento, números, hífen e sublinhado.'),
    kind: z.enum(COUPON_KINDS, 'Escolha o tipo de desconto.'),
    /** Percentage points (1–100) or centavos. */
    value: z
      .number('Informe o desconto.')
      .int('Desconto inválido.')
      .min(1, 'O desconto deve ser maior que zero.')
      .max(100_000_000, 'Desconto alto demais.'),
    minOrderCents: z
      .number('Informe o pedido mínimo.')
      .int('Valor inválido.')
      .min(0, 'O pedido mínimo não pode ser negativo.')
      .max(100_000_000, 'Pedido mínimo alto demais.'),
    validFrom: day.nullable(),
    validUntil: day.nullable(),
    usageLimit: limit.nullable(),
    perCustomerLimit: limit.nullable(),
    firstOrderOnly: z.boolean(),
    active: z.boolean(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.kind === 'percentage' && body.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A porcentagem vai de 1 a 100.' });
    if (body.validFrom && body.validUntil && body.validUntil < body.validFrom)
      ctx.addIssue({
        code: 'custom',
        path: ['validUntil'],
        message: 'O fim da validade deve ser depois do início.',
      });
    if (body.usageLimit !== null && body.perCustomerLimit !== null && body.perCustomerLimit > body.usageLimit)
      ctx.addIssue({
        code: 'custom',
        path: ['perCustomerLimit'],
        message: 'O limite por cliente não pode passar do limite total.',
      });
  });
export type CouponBody = z.infer<typeof couponBody>;

/** A coupon as the console lists it: what is saved, plus its uses (confirmed orders that carry it). */
export const consoleCoupon = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  minOrderCents: z.number().int(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  active: z.boolean(),
  uses: z.number().int(),
});
export type ConsoleCoupon = z.infer<typeof consoleCoupon>;
export const couponList = z.object({ coupons: z.array(consoleCoupon) });
export const couponIdParams = z.object({
  couponId: z.string().min(1).max(80, 'Cupom inválido.'),
});
