/**
 * Request schemas of the order API (`/api/order/*`) and the customer-confirm response. Orders themselves use the
 * wire schema of `order.ts`.
 *
 * Quantities (`POST /api/order/items/`): the new absolute quantity of the line, 0 removes it.
 * - Products sold by unit: whole numbers 1–999.
 * - Products sold by the kilo (`soldInKilo`): the quantity counts portions of `amountInKilo` kg (the weight the
 *   card shows, priced at the product's `price`), in steps of KILO_QUANTITY_STEP (half a portion), up to 999.
 *   Weight = quantity × amountInKilo; line total = round(effective portion price × quantity).
 * The client never sends a price: the server copies the catalogue's prices onto the line.
 */
import { z } from 'zod';
import { order } from './order.ts';

/** Largest quantity of one order line. */
export const MAX_LINE_QUANTITY = 999;
/** Quantity step of products sold by the kilo, in portions of `amountInKilo`. */
export const KILO_QUANTITY_STEP = 0.5;
/** Most lines (distinct items, gifts included) one order may hold, whatever the shop limits. */
export const MAX_ORDER_LINES = 200;

const providerId = z
  .string({ error: 'Informe o identificador do produto.' })
  .trim()
  .min(1, 'Informe o identificador do produto.')
  .max(200, 'Identificador de produto longo demais.');

/** `{ error }` for an object that refuses unknown keys with a pt-BR message naming them. */
const strictError = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Campo não permitido: ${(issue.keys ?? []).join(', ')}` : undefined,
};

export const itemAttributeInput = z.strictObject(
  {
    providerId: z.string().min(1).max(200),
    optionProviderId: z.string().min(1).max(200),
    redirectable: z.boolean().optional(),
  },
  strictError,
);

export const subscriptionInput = z.strictObject(
  {
    recurrenceType: z.number().int('Tipo de recorrência inválido.'),
    frequency: z
      .number()
      .int('Frequência inválida.')
      .min(1, 'Frequência inválida.')
      .max(365, 'Frequência inválida.'),
  },
  strictError,
);

/** Body of `POST /api/order/items/` (spec §7): sets one line's quantity; `index` names an existing line. */
export const setItemBody = z.strictObject(
  {
    index: z.number().int('Índice de item inválido.').min(0, 'Índice de item inválido.').nullish(),
    providerId,
    quantity: z
      .number({ error: 'A quantidade deve ser um número.' })
      .min(0, 'A quantidade não pode ser negativa.')
      .max(MAX_LINE_QUANTITY, `A quantidade máxima por item é ${MAX_LINE_QUANTITY}.`),
    attributes: z.array(itemAttributeInput).max(20, 'Atributos demais.').nullish(),
    sku: z.string().max(200, 'SKU longo demais.').nullish(),
    subscription: subscriptionInput.nullish(),
    preferences: z.string().max(500, 'As observações aceitam no máximo 500 caracteres.').nullish(),
  },
  strictError,
);
export type SetItemBody = z.infer<typeof setItemBody>;

export const selectedGiftInput = z.strictObject(
  {
    id: z.string().min(1, 'Brinde inválido.').max(200, 'Brinde inválido.'),
    seller: z.string().max(200).nullish(),
    /** Echo of the index the order returned for this gift; the server identifies a gift by `id`. */
    index: z.number().int().min(0).nullish(),
  },
  strictError,
);

/** Body of `POST /api/order/gift/`: the full selection of one gift group (replaces the previous one). */
export const selectGiftsBody = z.strictObject(
  {
    id: z.string().min(1, 'Grupo de brindes inválido.').max(200, 'Grupo de brindes inválido.'),
    selectedGifts: z.array(selectedGiftInput).max(50, 'Brindes demais.'),
  },
  strictError,
);
export type SelectGiftsBody = z.infer<typeof selectGiftsBody>;

/** Where the client goes after a customer confirm: the WhatsApp chat, or the '/confirm' page. */
export const confirmRedirect = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('whatsapp'), url: z.string() }),
  z.object({ kind: z.literal('page'), path: z.literal('/confirm') }),
]);
export type ConfirmRedirect = z.infer<typeof confirmRedirect>;

/** Response data of `GET /api/order/confirm`: the confirmed order (status Received) and where to go next. */
export const confirmResult = z.object({ order, redirect: confirmRedirect });
export type ConfirmResult = z.infer<typeof confirmResult>;
