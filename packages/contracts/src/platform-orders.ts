/**
 * The chatbot platform's order look-up (issue 19): what a bot needs to answer "cadê meu pedido?" — one placed order
 * of a shop by id, or a contact's orders by phone, newest first. Statuses carry the console board's names and
 * their pt-BR labels, so the bot can say them as they are; no card data, no customer document.
 */
import { z } from 'zod';
import {
  BOARD_CHANNELS,
  BOARD_PAYMENT_STATUSES,
  BOARD_STATUSES,
  FULFILMENT_STEPS,
  ORDER_ORIGINS,
} from './console-orders.ts';

export const platformOrder = z.object({
  id: z.string(),
  /** The public order number the shop and the customer see (`#123`). */
  number: z.number().int(),
  placedAt: z.string(),
  /** `placedAt` as the shop reads it: 'dd/mm/aaaa hh:mm' in the shop's time zone (decision 0043). */
  placedAtText: z.string(),
  status: z.enum(BOARD_STATUSES),
  statusLabel: z.string(),
  fulfilment: z.enum(FULFILMENT_STEPS).nullable(),
  fulfilmentLabel: z.string().nullable(),
  channel: z.enum(BOARD_CHANNELS),
  origin: z
    .enum(ORDER_ORIGINS)
    .nullable()
    .describe(
      "Where the order came from beside its channel, as the console's board says it: 'whatsapp_catalog' when the " +
        "contact sent it from WhatsApp's own catalogue; null for an order made on the shop's link or by an agent",
    ),
  /** The origin as the board says it ('Pedido pelo catálogo do WhatsApp'); null with `origin`. */
  originLabel: z.string().nullable(),
  totalCents: z.number().int(),
  itemCount: z.number(),
  payment: z.object({
    /** PaymentMethod (enums.ts); null when none was chosen. */
    method: z.number().int().nullable(),
    methodLabel: z.string().nullable(),
    /** paid / waiting / partial / overdue: what the order's payment ledger says (decision 0046). */
    status: z.enum(BOARD_PAYMENT_STATUSES),
    statusLabel: z.string(),
    paidCents: z.number().int(),
    /** total − paid (below zero: more than the total came in). */
    dueCents: z.number().int(),
    /** Refunds sent, and granted but not sent yet (decision 0050). */
    refundedCents: z.number().int(),
    refundPendingCents: z.number().int(),
  }),
  delivery: z.object({ kind: z.enum(['delivery', 'pickup']), name: z.string() }).nullable(),
  slot: z.object({ day: z.string(), startTime: z.string(), endTime: z.string() }).nullable(),
});
export type PlatformOrder = z.infer<typeof platformOrder>;

export const platformOrderPage = z.object({
  orders: z.array(platformOrder),
  /** Pass as `cursor` for the next (older) page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type PlatformOrderPage = z.infer<typeof platformOrderPage>;

/**
 * `GET /api/platform/shops/{shop}/orders`: a contact's orders by phone (digits, with or without DDI 55) or by the
 * channel's user id (WhatsApp's BSUID `user_id`).
 */
export const platformOrderQuery = z
  .object({
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{8,20}$/, 'Telefone inválido')
      .optional(),
    userId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'Identificador do usuário inválido')
      .optional(),
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, 'Página inválida')
      .optional(),
    limit: z.coerce
      .number()
      .int('Quantidade inválida')
      .min(1, 'Quantidade inválida')
      .max(50, 'Quantidade inválida')
      .optional(),
  })
  .strict()
  .refine((q) => Boolean(q.phone || q.userId), {
    message: 'Informe o telefone ou o identificador do usuário (userId) do contato.',
    path: ['phone'],
  });
export type PlatformOrderQuery = z.infer<typeof platformOrderQuery>;
