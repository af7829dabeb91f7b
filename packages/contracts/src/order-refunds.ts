/**
 * Refunds and returns of a placed order (issue 34, decision 0050): the grant (lines and quantities or an amount,
 * the reason, whether the items come back to stock), the send (through the rail of the payment it gives back, or
 * recorded by hand with its reference), the return received, and how the console sees each refund.
 */
import { z } from 'zod';

export const REFUND_STATUSES = ['granted', 'sending', 'sent', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  granted: 'Concedido',
  sending: 'Processando',
  sent: 'Enviado',
  failed: 'Falhou',
};

/** How a refund reaches the contact: the payment's own provider, or by hand (cash, a Pix outside any API). */
export const REFUND_RAILS = ['sandbox', 'mercadopago', 'pagarme', 'link', 'pix-bank', 'manual'] as const;
export type RefundRail = (typeof REFUND_RAILS)[number];
export const REFUND_RAIL_LABELS: Record<RefundRail, string> = {
  sandbox: 'Sandbox',
  mercadopago: 'Mercado Pago',
  pagarme: 'Pagar.me',
  link: 'Link de pagamento (Mercado Pago)',
  'pix-bank': 'Pix pela API do banco',
  manual: 'Manual',
};

const cents = (what: string) =>
  z
    .number(`Informe ${what}.`)
    .int('Valor em centavos inteiros.')
    .min(1, 'O valor deve ser maior que zero.')
    .max(100_000_000, 'Valor alto demais.');

const quantity = z
  .number('Informe a quantidade.')
  .positive('A quantidade deve ser maior que zero.')
  .max(1_000_000, 'Quantidade alta demais.')
  .refine((q) => Math.round(q * 1000) === q * 1000, 'Quantidade com até 3 casas decimais.');

export const refundIdParam = z.string().regex(/^rfd_[0-9a-z]{26}$/, 'Reembolso inválido');
const itemId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Item inválido');

/**
 * 'Reembolsar': lines (the order's items and quantities) and/or an amount (centavos; without it, the lines'
 * share of what they cost), the reason, whether the items come back to stock, and optionally which payment
 * (ledger row) gives the money back — by default the latest one that covers it.
 */
export const grantRefundBody = z
  .object({
    lines: z
      .array(z.object({ itemId, quantity }).strict(), 'Itens inválidos.')
      .max(200, 'Itens demais.')
      .default([]),
    amountCents: cents('o valor').nullable().default(null),
    reason: z
      .string('Informe o motivo.')
      .trim()
      .min(1, 'Informe o motivo.')
      .max(500, 'Motivo longo demais (até 500 caracteres).'),
    restock: z.boolean('Diga se os itens voltam ao estoque.').default(false),
    entryId: z
      .string()
      .regex(/^led_[0-9a-z]{26}$/, 'Pagamento inválido')
      .nullable()
      .default(null),
  })
  .strict();
export type GrantRefundBody = z.output<typeof grantRefundBody>;
export type GrantRefundInput = z.input<typeof grantRefundBody>;

/** 'Enviar' / 'Tentar novamente': by the payment's rail, or `manual` with the reference of what was done by hand. */
export const sendRefundBody = z
  .object({
    manual: z.boolean().default(false),
    reference: z
      .string()
      .trim()
      .max(100, 'Referência longa demais (até 100 caracteres).')
      .nullable()
      .default(null),
  })
  .strict()
  .default({ manual: false, reference: null });
export type SendRefundBody = z.output<typeof sendRefundBody>;

/** 'Recebido no estoque': per line what came back sellable (back to stock) and damaged (not). */
export const receiveReturnBody = z
  .object({
    lines: z
      .array(
        z
          .object({
            itemId,
            sellable: quantity.or(z.literal(0)),
            damaged: quantity.or(z.literal(0)).default(0),
          })
          .strict(),
        'Itens inválidos.',
      )
      .min(1, 'Informe o que voltou.')
      .max(200, 'Itens demais.'),
  })
  .strict();
export type ReceiveReturnBody = z.output<typeof receiveReturnBody>;

export const refundLineView = z.object({
  itemId: z.string(),
  name: z.string(),
  quantity: z.number(),
  amountCents: z.number().int(),
  receivedSellable: z.number().nullable(),
  receivedDamaged: z.number().nullable(),
});

export const refundView = z.object({
  id: z.string(),
  status: z.enum(REFUND_STATUSES),
  statusLabel: z.string(),
  rail: z.enum(REFUND_RAILS),
  amountCents: z.number().int(),
  reason: z.string(),
  restock: z.boolean(),
  lines: z.array(refundLineView),
  grantedBy: z.string(),
  grantedAt: z.string(),
  attempts: z.number().int(),
  /** The provider's reason of the last failed send (pt-BR). */
  failure: z.string().nullable(),
  reference: z.string().nullable(),
  sentAt: z.string().nullable(),
  sentBy: z.string().nullable(),
  returnReceivedAt: z.string().nullable(),
  canSend: z.boolean(),
  canReceive: z.boolean(),
});
export type RefundView = z.infer<typeof refundView>;

/** A payment a refund may give money back from: its ledger row, the rail it goes back by, and what is left of it. */
export const refundSource = z.object({
  entryId: z.string(),
  rail: z.enum(REFUND_RAILS),
  receivedAt: z.string(),
  amountCents: z.number().int(),
  /** The payment less what refunds already granted from it. */
  leftCents: z.number().int(),
});
export type RefundSource = z.infer<typeof refundSource>;

/** The order's refunds and its money: paid (received, less what was undone or given back as excess), refunded
 *  (sent), pending (granted, not sent yet) and what can still be refunded. */
export const orderRefunds = z.object({
  refunds: z.array(refundView),
  /** The order's lines a refund may name, with how much of each earlier refunds already gave back. */
  lines: z.array(
    z.object({
      itemId: z.string(),
      name: z.string(),
      quantity: z.number(),
      refundedQuantity: z.number(),
      totalCents: z.number().int(),
      /** A kilo product's kilograms per unit of `quantity` (a line of 2 × 0,5 kg weighs 1 kg); null: by the unit. */
      kilogramsPerUnit: z.number().nullable(),
    }),
  ),
  /** The payments still holding money a refund may give back, newest first (a grant takes the newest that covers it). */
  sources: z.array(refundSource),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  pendingCents: z.number().int(),
  refundableCents: z.number().int(),
});
export type OrderRefunds = z.infer<typeof orderRefunds>;

/**
 * total − paid, where refunds first give back what came in above the total (an overpayment) and beyond that give
 * back the order's own value (a broken item, a return): those leave the balance as it is.
 */
export function balanceOf(totalCents: number, paidCents: number, refundedCents: number): number {
  const excess = Math.max(0, paidCents - totalCents);
  return totalCents - paidCents + Math.min(refundedCents, excess);
}
