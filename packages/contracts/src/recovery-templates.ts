/**
 * An approved WhatsApp template a recovery rule names (issue 36, decision 0057's addendum): outside WhatsApp's
 * 24-hour window a reminder may only be a template Meta approved — a marketing one for carts, a utility one for
 * payment reminders — so the rule gives its name, its language code, and which of our values fill its body's
 * parameters {{1}}, {{2}}… in order. The WhatsApp adapter sends it as Meta's `template` message.
 */
import { z } from 'zod';

/** What a cart reminder's template may carry: the contact's first name, the items, the link back, the coupon. */
export const CART_TEMPLATE_PARAMS = ['nome', 'itens', 'link', 'cupom'] as const;
/** A payment reminder's: the name, the amount, when the code expires, the code (Pix or boleto line), the link. */
export const PAYMENT_TEMPLATE_PARAMS = ['nome', 'valor', 'vencimento', 'codigo', 'link'] as const;

export const TEMPLATE_PARAM_LABELS: Record<string, string> = {
  nome: 'nome do cliente',
  itens: 'itens do carrinho',
  link: 'link de volta',
  cupom: 'código do cupom',
  valor: 'valor',
  vencimento: 'vencimento',
  codigo: 'código Pix ou linha do boleto',
};

export function whatsAppTemplate(known: readonly string[]) {
  return z
    .object({
      name: z
        .string('Informe o nome do modelo.')
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/, 'Use o nome do modelo como aprovado: letras minúsculas, números e _.'),
      language: z
        .string('Informe o idioma do modelo.')
        .trim()
        .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'Use o código do idioma do modelo, por exemplo pt_BR.'),
      /** Our values for the body's {{1}}, {{2}}… in order. */
      parameters: z
        .array(z.string(), { error: 'Informe os parâmetros do modelo.' })
        .max(10, 'No máximo 10 parâmetros.'),
    })
    .strict()
    .superRefine((template, ctx) => {
      const unknown = template.parameters.filter((p) => !known.includes(p));
      if (unknown.length)
        ctx.addIssue({
          code: 'custom',
          path: ['parameters'],
          message: `Parâmetro desconhecido: ${unknown.join(', ')}. Use ${known.join(', ')}.`,
        });
    });
}

export type WhatsAppTemplate = { name: string; language: string; parameters: string[] };
