/**
 * Editing a confirmed order with the contact's agreement (issue 34, decision 0053): the staff's proposal (the
 * cart's own line changes, against the order's version they saw), how the console and the contact see it, and
 * the contact's answer.
 */
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './order-api.ts';

export const ORDER_EDIT_STATES = ['proposed', 'accepted', 'declined', 'superseded', 'expired'] as const;
export type OrderEditState = (typeof ORDER_EDIT_STATES)[number];
/** How the console names each state. */
export const ORDER_EDIT_STATE_LABELS: Record<OrderEditState, string> = {
  proposed: 'Aguardando o cliente',
  accepted: 'Aceita',
  declined: 'Recusada',
  superseded: 'Substituída',
  expired: 'Expirada',
};

/** Who made a version of the order: the staff (a proposal, accepted or applied) or the contact themselves. */
export const ORDER_EDIT_AUTHORS = ['staff', 'contact'] as const;
export type OrderEditAuthor = (typeof ORDER_EDIT_AUTHORS)[number];

export const orderEditIdParam = z.string().regex(/^oed_[0-9a-z]{26}$/, 'Alteração inválida');

/**
 * One line change, as the cart's `POST /api/order/items/` takes it: `index` names a line of the order (else the
 * product and its variant by `sku`), `quantity` is absolute (0 removes). Kilo products count portions of their
 * `amountInKilo` and take the weighed amount to the gram ("pesou 1,120 kg" of a 1 kg portion: 1.12).
 */
export const orderEditChange = z.strictObject(
  {
    index: z.number().int('Índice de item inválido.').min(0, 'Índice de item inválido.').nullish(),
    providerId: z
      .string({ error: 'Informe o produto.' })
      .trim()
      .min(1, 'Informe o produto.')
      .max(200, 'Identificador de produto longo demais.'),
    sku: z.string().max(200, 'SKU longo demais.').nullish(),
    quantity: z
      .number({ error: 'A quantidade deve ser um número.' })
      .min(0, 'A quantidade não pode ser negativa.')
      .max(MAX_LINE_QUANTITY, `A quantidade máxima por item é ${MAX_LINE_QUANTITY}.`)
      .refine(
        (q) => Math.abs(Math.round(q * 1000) - q * 1000) < 1e-6,
        'Quantidade com até 3 casas decimais.',
      ),
  },
  {
    error: (issue: { code?: string; keys?: string[] }) =>
      issue.code === 'unrecognized_keys'
        ? `Campo não permitido: ${(issue.keys ?? []).join(', ')}`
        : undefined,
  },
);
export type OrderEditChange = z.infer<typeof orderEditChange>;

/**
 * The delivery a proposal chooses, as the checkout's `POST /api/order/logistic/` takes it: the shop's option
 * (`providerId`, `type`) and, for a delivery, the contact's address by id (absent: the order's address stays).
 */
export const orderEditDelivery = z.strictObject({
  providerId: z
    .string({ error: 'Informe a opção de entrega.' })
    .trim()
    .min(1, 'Informe a opção de entrega.')
    .max(200, 'Opção de entrega inválida.'),
  type: z.number({ error: 'Tipo de entrega inválido.' }).int('Tipo de entrega inválido.').min(0).max(9),
  addressId: z.string().trim().min(1, 'Endereço inválido.').max(100, 'Endereço inválido.').optional(),
});
export type OrderEditDelivery = z.infer<typeof orderEditDelivery>;

/**
 * What a proposal changes of the checkout (absent: unchanged): `coupon` applies a code (null or '' removes it),
 * `manualDiscountCents` sets the manual discount, `delivery` the option and address, `slotId` the delivery slot,
 * `sellerId` the store (its provider id, as the checkout's `POST /api/order/sellers/{id}` takes it: the lines are
 * re-priced by its price table and its service fee charged) — each checked and priced by the checkout's own code.
 */
/** A delivery slot an edit (or the contact's own delivery choice) books. */
export const orderEditSlotId = z
  .string()
  .trim()
  .min(1, 'Horário de entrega inválido.')
  .max(100, 'Horário de entrega inválido.');

export const orderEditCheckout = z.strictObject({
  sellerId: z
    .string({ error: 'Informe a loja.' })
    .trim()
    .min(1, 'Informe a loja.')
    .max(200, 'Loja inválida.')
    .optional(),
  delivery: orderEditDelivery.optional(),
  slotId: orderEditSlotId.optional(),
  coupon: z.string().trim().max(60, 'Cupom longo demais.').nullable().optional(),
  manualDiscountCents: z
    .number({ error: 'O desconto deve ser um número.' })
    .int('Desconto em centavos inteiros.')
    .min(0, 'O desconto não pode ser negativo.')
    .max(2_147_483_647, 'Desconto alto demais.')
    .optional(),
});
export type OrderEditCheckout = z.infer<typeof orderEditCheckout>;

/** 'Editar pedido': the changes, against the order's version the staff member saw. */
export const proposeOrderEditBody = z
  .strictObject({
    version: z
      .number({ error: 'Informe a versão do pedido.' })
      .int('Versão inválida.')
      .min(0, 'Versão inválida.'),
    changes: z
      .array(orderEditChange, { error: 'Informe as alterações.' })
      .max(50, 'Alterações demais de uma vez (até 50).')
      .default([]),
    ...orderEditCheckout.shape,
    note: z.string().trim().max(500, 'Observação longa demais (até 500 caracteres).').nullish(),
  })
  .refine(
    (body) =>
      body.changes.length > 0 ||
      body.coupon !== undefined ||
      body.manualDiscountCents !== undefined ||
      body.delivery !== undefined ||
      body.slotId !== undefined ||
      body.sellerId !== undefined,
    {
      message: 'Informe ao menos uma alteração.',
      path: ['changes'],
    },
  );
export type ProposeOrderEditBody = z.infer<typeof proposeOrderEditBody>;

/** A line of a version of the order (before or after an edit). */
export const orderEditLine = z.object({
  index: z.number().int(),
  providerId: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number(),
  soldInKilo: z.boolean(),
  amountInKilo: z.number().nullable(),
  unitPriceCents: z.number().int(),
  promotionalPriceCents: z.number().int().nullable(),
  totalCents: z.number().int(),
  isGift: z.boolean(),
});
export type OrderEditLine = z.infer<typeof orderEditLine>;

/** A version of the order: its lines and amounts. */
export const orderVersion = z.object({
  lines: z.array(orderEditLine),
  itemsCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  /** The coupon and the manual discount behind `discountCents` (absent in proposals made before they could change). */
  couponCode: z.string().nullable().optional(),
  couponDiscountCents: z.number().int().optional(),
  manualDiscountCents: z.number().int().optional(),
  /** The delivery: the option's name and fee charged, the address, the slot (absent in older proposals). */
  delivery: z
    .object({
      name: z.string().nullable(),
      feeCents: z.number().int(),
      address: z.string().nullable(),
      slot: z.object({ day: z.string(), startTime: z.string(), endTime: z.string() }).nullable(),
    })
    .optional(),
  /** The store and its service fee (null: none chosen; absent in proposals made before the store could change). */
  seller: z.object({ name: z.string(), serviceFeeCents: z.number().int() }).nullable().optional(),
});
export type OrderVersion = z.infer<typeof orderVersion>;

/** A proposal as the console and the contact see it. */
export const orderEditView = z.object({
  id: z.string(),
  state: z.enum(ORDER_EDIT_STATES),
  baseVersion: z.number().int(),
  appliedVersion: z.number().int().nullable(),
  before: orderVersion,
  after: orderVersion,
  /** after − before total: > 0 more to pay, < 0 money to give back. */
  differenceCents: z.number().int(),
  proposedBy: z.string(),
  proposedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.enum(['contact', 'staff']).nullable(),
  /** Who made the version: the staff's proposal ('staff'), or the contact's own choice of delivery ('contact'). */
  author: z.enum(ORDER_EDIT_AUTHORS),
  note: z.string().nullable(),
});
export type OrderEditView = z.infer<typeof orderEditView>;

/** A delivery slot 'Editar pedido' may choose (enabled: a place left before its cut-off). */
const editSlot = z.object({
  id: z.string(),
  day: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  enabled: z.boolean(),
});

/**
 * What 'Entrega' may choose on a placed order ('Editar pedido', and the contact's own choice on a WhatsApp catalogue
 * order): the order's option, address and slot now, the shop's options (the price before any area's) each with the
 * slots it books from, the contact's addresses and the slots the order's current option books from (enabled: a place
 * left before its cut-off).
 */
export const deliveryChoices = z.object({
  providerId: z.string().nullable(),
  type: z.number().int().nullable(),
  addressId: z.string().nullable(),
  slotId: z.string().nullable(),
  options: z.array(
    z.object({
      providerId: z.string(),
      type: z.number().int(),
      name: z.string(),
      priceCents: z.number().int(),
      slots: z.array(editSlot),
    }),
  ),
  addresses: z.array(z.object({ id: z.string(), text: z.string() })),
  slots: z.array(editSlot),
});
export type DeliveryChoices = z.infer<typeof deliveryChoices>;

/** `GET …/orders/{orderId}/edits`: what 'Editar pedido' starts from and the order's proposals, newest first. */
export const orderEdits = z.object({
  version: z.number().int(),
  /** Received and the caller may edit it (owner, manager, or the agent on the order). */
  editable: z.boolean(),
  /** Why it cannot be edited, in pt-BR (null when editable). */
  reason: z.string().nullable(),
  current: orderVersion,
  edits: z.array(orderEditView),
  /** What 'Entrega' of the edit may choose (deliveryChoices). */
  delivery: deliveryChoices,
  /**
   * What 'Loja' of the edit may choose (issue 38): the order's store now (its provider id, null: none), whether the
   * shop's checkout asks for one (its seller step) and the shop's stores with their service fee and the price
   * table they price by (null: the catalogue's prices, or the order's table kept).
   */
  seller: z.object({
    sellerId: z.string().nullable(),
    required: z.boolean(),
    options: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        serviceFeeCents: z.number().int(),
        priceTable: z.string().nullable(),
      }),
    ),
  }),
});
export type OrderEdits = z.infer<typeof orderEdits>;

/**
 * What is left to pay after an accepted edit, and how (issue 34): 'pix' — the shop's BR Code of what is due, with
 * its QR; 'card' — the card page (`url`, a storefront path); 'link' — the shop's payment link; 'chat' — the charge
 * (boleto, the gateway's or the bank's Pix) goes to the conversation once made; 'onDelivery' — paid on delivery;
 * 'manual' — as agreed with the shop.
 */
export const orderEditDue = z.object({
  cents: z.number().int().positive(),
  kind: z.enum(['pix', 'card', 'link', 'chat', 'onDelivery', 'manual']),
  pixCode: z.string().nullable(),
  pixQrImage: z.string().nullable(),
  url: z.string().nullable(),
});
export type OrderEditDue = z.infer<typeof orderEditDue>;

/**
 * What the contact's page shows: the shop, the order's number, the proposal, what they paid so far and, once the
 * edit applied, what is left to pay (null when nothing is).
 */
export const contactOrderEdit = z.object({
  shopName: z.string(),
  orderNumber: z.number().int(),
  edit: orderEditView,
  paidCents: z.number().int(),
  due: orderEditDue.nullable(),
});
export type ContactOrderEdit = z.infer<typeof contactOrderEdit>;

/**
 * `GET …/orders/{orderId}/edits/products?q=`: the shop's active products 'Adicionar produto' finds; fewer than 2
 * letters find nothing.
 */
export const editProductsQuery = z.strictObject({
  q: z.string().trim().max(100, 'Pesquisa longa demais.').default(''),
});

/**
 * 'Completar pedido' (issue 38): the payment method staff set on a placed order confirmed without one, as one of
 * the options `GET …/orders/{orderId}/completion` lists (its `id`), against the order's version they saw.
 */
export const completePaymentBody = z.strictObject({
  version: z
    .number({ error: 'Informe a versão do pedido.' })
    .int('Versão inválida.')
    .min(0, 'Versão inválida.'),
  optionId: z
    .string({ error: 'Escolha a forma de pagamento.' })
    .trim()
    .min(1, 'Escolha a forma de pagamento.')
    .max(100, 'Forma de pagamento inválida.'),
});
export type CompletePaymentBody = z.infer<typeof completePaymentBody>;

/** The payment methods 'Completar pedido' offers for the order (empty when it has one already), at its version. */
export const orderCompletion = z.object({
  version: z.number().int(),
  paymentOptions: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type OrderCompletion = z.infer<typeof orderCompletion>;
