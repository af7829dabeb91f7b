/**
 * Console 'Recuperação' (issue 36, decision 0057): the shop's recovery rule — abandoned carts and unpaid orders — and
 * the reminders in the pipeline. `GET|PUT /api/console/shops/{shop}/recovery/rule`,
 * `GET /api/console/shops/{shop}/recovery/reminders`. Times of day are the shop's time zone; the cart template's
 * placeholders are {nome}, {itens} and {link}, the payment template's {nome}, {valor} and {vencimento}.
 */
import { z } from 'zod';
import { CART_TEMPLATE_PARAMS, PAYMENT_TEMPLATE_PARAMS, whatsAppTemplate } from './recovery-templates.ts';

export const RECOVERY_PLACEHOLDERS = ['nome', 'itens', 'link'] as const;

export const PAYMENT_PLACEHOLDERS = ['nome', 'valor', 'vencimento'] as const;

/** The second cart reminder's coupon line: {cupom} (the code, required), {desconto} and {validade}. */
export const COUPON_PLACEHOLDERS = ['cupom', 'desconto', 'validade'] as const;

export const DEFAULT_COUPON_TEXT = 'Use o cupom {cupom} e ganhe {desconto} de desconto até {validade}.';

export const DEFAULT_RECOVERY_TEMPLATE =
  'Oi, {nome}! Você deixou {itens} no carrinho. Quer finalizar o pedido? {link}';

export const DEFAULT_PAYMENT_TEMPLATE =
  'Oi, {nome}! Seu pagamento de {valor} vence em {vencimento}. Ainda dá tempo de pagar:';

/** The placeholders of `template` that are not among `known` (the cart template's by default). */
export function unknownPlaceholders(
  template: string,
  known: readonly string[] = RECOVERY_PLACEHOLDERS,
): string[] {
  const names = [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
  return [...new Set(names.filter((n) => !known.includes(n)))];
}

const braces = (names: readonly string[]) => {
  const shown = names.map((n) => `{${n}}`);
  return `${shown.slice(0, -1).join(', ')} ou ${shown[shown.length - 1]}`;
};

const message = z
  .string('Escreva a mensagem.')
  .trim()
  .min(1, 'Escreva a mensagem.')
  .max(1000, 'A mensagem tem no máximo 1.000 caracteres.');

/** How a reminder reaches the contact: our chat message (outbox), a signed event to the chatbot platform, or both. */
export const RECOVERY_DELIVERIES = ['message', 'event', 'both'] as const;
export type RecoveryDelivery = (typeof RECOVERY_DELIVERIES)[number];
export const RECOVERY_DELIVERY_LABELS: Record<RecoveryDelivery, string> = {
  message: 'Mensagem no chat',
  event: 'Evento para o chatbot (ele fala com o cliente)',
  both: 'Mensagem e evento para o chatbot',
};
const delivery = z.enum(RECOVERY_DELIVERIES, {
  error: 'Escolha como o lembrete chega: mensagem, evento para o chatbot ou os dois.',
});

/**
 * The second cart reminder's optional coupon: made per contact when the reminder is queued, single use, valid for
 * `validHours` from then; `value` is percentage points (1–100) or centavos. Its line goes under the reminder's text.
 */
export const recoveryCoupon = z
  .object({
    kind: z.enum(['percentage', 'fixed'], { error: 'Escolha o tipo de desconto.' }),
    value: z
      .number('Informe o desconto.')
      .int('Desconto inválido.')
      .min(1, 'O desconto deve ser maior que zero.')
      .max(100_000_000, 'Desconto alto demais.'),
    validHours: z
      .number('Informe a validade.')
      .int('Informe a validade em número inteiro.')
      .min(1, 'A validade deve ser maior que zero.')
      .max(720, 'A validade vai até 30 dias (720 horas).'),
    text: z
      .string('Escreva o texto do cupom.')
      .trim()
      .min(1, 'Escreva o texto do cupom.')
      .max(300, 'O texto do cupom tem no máximo 300 caracteres.'),
  })
  .strict()
  .superRefine((coupon, ctx) => {
    if (coupon.kind === 'percentage' && coupon.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A porcentagem vai de 1 a 100.' });
    const unknown = unknownPlaceholders(coupon.text, COUPON_PLACEHOLDERS);
    if (unknown.length)
      ctx.addIssue({
        code: 'custom',
        path: ['text'],
        message: `Campo desconhecido no texto: ${unknown.map((n) => `{${n}}`).join(', ')}. Use ${braces(COUPON_PLACEHOLDERS)}.`,
      });
    else if (!coupon.text.includes('{cupom}'))
      ctx.addIssue({
        code: 'custom',
        path: ['text'],
        message: 'Inclua {cupom} no texto: é onde vai o código.',
      });
  });
export type RecoveryCoupon = z.infer<typeof recoveryCoupon>;

export const DEFAULT_RECOVERY_COUPON: RecoveryCoupon = {
  kind: 'percentage',
  value: 10,
  validHours: 48,
  text: DEFAULT_COUPON_TEXT,
};

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use o formato HH:MM, por exemplo 21:00.');
const whole = (what: string) => z.number(`Informe ${what}.`).int(`Informe ${what} em número inteiro.`);

export const recoveryRule = z
  .object({
    enabled: z.boolean({ error: 'Informe se a recuperação está ligada.' }),
    firstAfterMinutes: whole('os minutos')
      .min(5, 'O primeiro lembrete sai depois de 5 a 10.080 minutos (7 dias).')
      .max(10_080, 'O primeiro lembrete sai depois de 5 a 10.080 minutos (7 dias).'),
    secondAfterHours: whole('as horas')
      .min(1, 'O segundo lembrete sai de 1 a 168 horas depois do primeiro.')
      .max(168, 'O segundo lembrete sai de 1 a 168 horas depois do primeiro.')
      .nullable(),
    /** The second reminder's coupon, or null (none); the first reminder never has one. */
    secondCoupon: recoveryCoupon.nullable(),
    quietStart: clock,
    quietEnd: clock,
    contactCap: whole('o limite')
      .min(1, 'O limite por cliente vai de 1 a 20 lembretes.')
      .max(20, 'O limite por cliente vai de 1 a 20 lembretes.'),
    capDays: whole('os dias')
      .min(1, 'O período vai de 1 a 30 dias.')
      .max(30, 'O período vai de 1 a 30 dias.'),
    template: message,
    cartDelivery: delivery,
    /** The approved (marketing) WhatsApp template sent outside the 24-hour window; null: skipped there. */
    cartWhatsAppTemplate: whatsAppTemplate(CART_TEMPLATE_PARAMS).nullable(),
    paymentEnabled: z.boolean({ error: 'Informe se os lembretes de pagamento estão ligados.' }),
    pixBeforeMinutes: whole('os minutos')
      .min(1, 'O lembrete do Pix sai de 1 a 1.440 minutos antes de o código vencer.')
      .max(1440, 'O lembrete do Pix sai de 1 a 1.440 minutos antes de o código vencer.'),
    boletoDayBefore: z.boolean({ error: 'Informe se o boleto é lembrado na véspera.' }),
    newCodeAfterExpiry: z.boolean({ error: 'Informe se um novo código é enviado depois do vencimento.' }),
    paymentTemplate: message,
    paymentDelivery: delivery,
    /** The approved (utility) WhatsApp template for a Pix or boleto reminder outside the window; null: skipped. */
    paymentWhatsAppTemplate: whatsAppTemplate(PAYMENT_TEMPLATE_PARAMS).nullable(),
    closedDays: z
      .array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use datas válidas, por exemplo 2026-12-25.'), {
        error: 'Informe os dias fechados.',
      })
      .max(60, 'No máximo 60 dias fechados.'),
  })
  .strict()
  .superRefine((rule, ctx) => {
    const fields = [
      ['template', RECOVERY_PLACEHOLDERS],
      ['paymentTemplate', PAYMENT_PLACEHOLDERS],
    ] as const;
    for (const [field, known] of fields) {
      const unknown = unknownPlaceholders(rule[field], known);
      if (unknown.length)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `Campo desconhecido na mensagem: ${unknown.map((n) => `{${n}}`).join(', ')}. Use ${braces(known)}.`,
        });
    }
    if (rule.secondCoupon && rule.secondAfterHours === null)
      ctx.addIssue({
        code: 'custom',
        path: ['secondAfterHours'],
        message: 'O cupom vai no segundo lembrete: informe depois de quantas horas ele sai.',
      });
    if (rule.quietStart === rule.quietEnd)
      ctx.addIssue({
        code: 'custom',
        path: ['quietEnd'],
        message: 'O fim do horário de silêncio deve ser diferente do início.',
      });
  });
export type RecoveryRule = z.infer<typeof recoveryRule>;

export const DEFAULT_RECOVERY_RULE: RecoveryRule = {
  enabled: false,
  firstAfterMinutes: 60,
  secondAfterHours: null,
  secondCoupon: null,
  quietStart: '21:00',
  quietEnd: '08:00',
  contactCap: 2,
  capDays: 7,
  template: DEFAULT_RECOVERY_TEMPLATE,
  cartDelivery: 'message',
  cartWhatsAppTemplate: null,
  paymentEnabled: false,
  pixBeforeMinutes: 10,
  boletoDayBefore: true,
  newCodeAfterExpiry: false,
  paymentTemplate: DEFAULT_PAYMENT_TEMPLATE,
  paymentDelivery: 'message',
  paymentWhatsAppTemplate: null,
  closedDays: [],
};

export const REMINDER_STATES = ['scheduled', 'sent', 'skipped'] as const;
export const REMINDER_STATE_LABELS: Record<(typeof REMINDER_STATES)[number], string> = {
  scheduled: 'Agendado',
  sent: 'Enviado',
  skipped: 'Não enviado',
};

export const REMINDER_REASONS = [
  'quiet_hours',
  'confirmed',
  'cancelled',
  'emptied',
  'opted_out',
  'contact_cap',
  'window_closed',
  'rule_off',
  'no_recipient',
  'paid',
  'expired',
  'superseded',
  'out_of_stock',
  'closed_day',
] as const;
export type ReminderReason = (typeof REMINDER_REASONS)[number];
export const REMINDER_REASON_LABELS: Record<ReminderReason, string> = {
  quiet_hours: 'Aguardando o fim do horário de silêncio',
  confirmed: 'Pedido confirmado',
  cancelled: 'Pedido cancelado',
  emptied: 'Carrinho esvaziado',
  opted_out: 'Cliente pediu para parar',
  contact_cap: 'Limite de lembretes do cliente atingido',
  window_closed: 'Fora da janela de 24 h e sem modelo aprovado',
  rule_off: 'Recuperação desligada',
  no_recipient: 'Cliente sem contato no canal',
  paid: 'Pagamento recebido',
  expired: 'Código vencido antes do lembrete',
  superseded: 'Cliente já gerou outro código',
  out_of_stock: 'Sem estoque para um novo código',
  closed_day: 'Aguardando: a loja marcou o dia como fechado',
};

/** What a reminder is about: the cart (steps 1 and 2), a Pix code, a boleto, or a new code after expiry. */
export const REMINDER_KINDS = ['cart', 'pix', 'boleto', 'new_code'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDER_KIND_LABELS: Record<ReminderKind, string> = {
  cart: 'Carrinho',
  pix: 'Pix a vencer',
  boleto: 'Boleto vence amanhã',
  new_code: 'Novo código',
};

export const recoveryReminder = z.object({
  id: z.string(),
  orderId: z.string(),
  contactName: z.string().nullable(),
  kind: z.enum(REMINDER_KINDS),
  step: z.number().int().min(1).max(2),
  state: z.enum(REMINDER_STATES),
  reason: z.enum(REMINDER_REASONS).nullable(),
  /** ISO instants (UTC); the console shows them in the shop's time zone. */
  dueAt: z.string(),
  sentAt: z.string().nullable(),
  cartTotalCents: z.number().int(),
  /** The order's value when it was confirmed within the window after this reminder. */
  recoveredCents: z.number().int().nullable(),
});
export type RecoveryReminder = z.infer<typeof recoveryReminder>;

export const recoveryReminders = z.object({
  reminders: z.array(recoveryReminder),
  timeZone: z.string(),
  /** Orders brought back in the last 30 days and their value. */
  recovered: z.object({ orders: z.number().int(), valueCents: z.number().int() }),
  /** The last 8 weeks' recovered orders per week (its Monday, shop's zone) and rule, newest week first. */
  byWeek: z.array(
    z.object({
      week: z.string(),
      rule: z.enum(['cart', 'payment']),
      orders: z.number().int(),
      valueCents: z.number().int(),
    }),
  ),
});
export type RecoveryReminders = z.infer<typeof recoveryReminders>;
