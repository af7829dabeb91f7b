/**
 * What an order has been paid (issue 32, decision 0046): the sum of its payment ledger, what is still due, its
 * payment state as the board filters it, the payment timeline and the staff's 'Registrar pagamento' body.
 */
import { z } from 'zod';
import { ON_DELIVERY_MEANS } from './console-payment-methods.ts';

/** The board's 'Pagamento' filter: paid ≥ total; nothing paid; part paid; nothing paid and the charge expired. */
export const PAYMENT_STATES = ['paid', 'waiting', 'partial', 'overdue'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  paid: 'Pago',
  waiting: 'Aguardando',
  partial: 'Parcial',
  overdue: 'Vencido',
};

/** Paid, due (total − paid; below zero it is money to give back) and the state of an order. */
export function paymentStateOf(totalCents: number, paidCents: number, chargeExpired: boolean): PaymentState {
  if (paidCents >= totalCents && paidCents > 0) return 'paid';
  if (paidCents > 0) return 'partial';
  return chargeExpired ? 'overdue' : 'waiting';
}

/** Methods a person may record by hand (PaymentMethod ids) and their means ('Na entrega' ones, a card machine…). */
export const RECORD_METHODS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const RECORD_MEANS = [...ON_DELIVERY_MEANS, 'card-machine', 'bank-transfer', 'other'] as const;
export type RecordMean = (typeof RECORD_MEANS)[number];
export const RECORD_MEAN_LABELS: Record<RecordMean, string> = {
  cash: 'Dinheiro',
  'credit-on-delivery': 'Crédito na entrega',
  'debit-on-delivery': 'Débito na entrega',
  'pix-on-delivery': 'Pix na entrega',
  'card-machine': 'Maquininha',
  'bank-transfer': 'Transferência',
  other: 'Outro',
};

/** 'Registrar pagamento': centavos (the console prefills the balance), method and means, when, note/reference. */
export const recordPaymentBody = z
  .object({
    amountCents: z
      .number('Informe o valor.')
      .int('Valor em centavos inteiros.')
      .min(1, 'O valor deve ser maior que zero.')
      .max(100_000_000, 'Valor alto demais.'),
    method: z.union(
      RECORD_METHODS.map((m) => z.literal(m)),
      'Forma de pagamento inválida.',
    ),
    means: z.enum(RECORD_MEANS, 'Meio de pagamento inválido.').nullable().default(null),
    receivedAt: z.iso.datetime({ offset: true, message: 'Data e hora inválidas.' }),
    note: z
      .string()
      .trim()
      .max(500, 'Observação longa demais (até 500 caracteres).')
      .nullable()
      .default(null),
    reference: z
      .string()
      .trim()
      .max(100, 'Referência longa demais (até 100 caracteres).')
      .nullable()
      .default(null),
  })
  .strict();
export type RecordPaymentBody = z.output<typeof recordPaymentBody>;
export type RecordPaymentInput = z.input<typeof recordPaymentBody>;

export const ledgerEntryIdParam = z.string().regex(/^led_[0-9a-z]{26}$/, 'Pagamento inválido');

export const TIMELINE_KINDS = [
  'charge_issued',
  'charge_authorized',
  'charge_paid',
  'charge_expired',
  'charge_failed',
  'charge_canceled',
  'charge_refunded',
  'received',
  'recorded',
  'undone',
  'refunded',
  'refund_failed',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const TIMELINE_LABELS: Record<TimelineKind, string> = {
  charge_issued: 'Cobrança emitida',
  charge_authorized: 'Cobrança autorizada',
  charge_paid: 'Cobrança paga',
  charge_expired: 'Cobrança expirada',
  charge_failed: 'Cobrança recusada',
  charge_canceled: 'Cobrança cancelada',
  charge_refunded: 'Cobrança reembolsada',
  received: 'Pix recebido no banco',
  recorded: 'Pagamento registrado',
  undone: 'Pagamento desfeito',
  refunded: 'Reembolsado',
  refund_failed: 'Reembolso não realizado',
};

export const LEDGER_FLAGS = [
  'amount_mismatch',
  'after_expiry',
  'after_cancel',
  'duplicate',
  'overpaid',
] as const;
export type LedgerFlag = (typeof LEDGER_FLAGS)[number];
export const LEDGER_FLAG_LABELS: Record<LedgerFlag, string> = {
  amount_mismatch: 'Valor diferente da cobrança',
  after_expiry: 'Pago depois de a cobrança expirar',
  after_cancel: 'Pago depois do cancelamento',
  duplicate: 'Pagamento em dobro',
  overpaid: 'Pago a mais',
};

export const timelineEntry = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  label: z.string(),
  amountCents: z.number().int(),
  method: z.number().int().nullable(),
  means: z.string().nullable(),
  /** Who recorded or undid it by hand (null: the gateway or the bank). */
  actor: z.string().nullable(),
  note: z.string().nullable(),
  reference: z.string().nullable(),
  flag: z.enum(LEDGER_FLAGS).nullable(),
  /** The ledger row (undo and refund name it). */
  entryId: z.string().nullable(),
  canUndo: z.boolean(),
  canRefund: z.boolean(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

/** The order's money: what the detail, the board, the CSV and the platform look-up show. */
export const orderMoney = z.object({
  paidCents: z.number().int(),
  /** total − paid: below zero when more than the total came in (to refund). */
  dueCents: z.number().int(),
  paymentState: z.enum(PAYMENT_STATES),
});
export type OrderMoney = z.infer<typeof orderMoney>;
