/**
 * The local fake of WhatsApp's Cloud API messages endpoint for order messages (docs/decisions/0030): checks a
 * request body as the API would — required fields, limits, amounts in value/offset that add up, a Pix code whose
 * CRC checks, `reference_id` unique per order (an identical re-send is accepted: the outbox may repeat a part),
 * an `order_status` only for a reference an `order_details` opened — and refuses anything but a template for a
 * recipient whose 24-hour window is closed (code 131047). Used by the demo/test FakeChannel and, as a request
 * handler, by fake-http-server.ts in adapter tests.
 */
import { randomUUID } from 'node:crypto';
import { WHATSAPP_ORDER_STATUSES } from '@vitrine/contracts/messaging';
import { verifyPixBrCode } from '@vitrine/contracts/pix';
import type { ScriptedResponse } from './fake-http-server.ts';
import {
  AMOUNT_OFFSET,
  ITEM_NAME_MAX,
  ORDER_BODY_MAX,
  ORDER_DESCRIPTION_MAX,
  REFERENCE_ID,
  WINDOW_CLOSED_CODE,
} from './whatsapp-order.ts';

/** The fake's item limit per order_details (more lines are sent as text by the composer). */
export const ORDER_ITEMS_MAX = 999;
const KEY_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'];

export type WhatsAppFakeState = {
  /** reference_id → the order_details parameters first sent with it. */
  references: Map<string, string>;
  /** Recipients (digits) whose customer-service window is closed. */
  closedWindows: Set<string>;
};

export const newWhatsAppFakeState = (): WhatsAppFakeState => ({
  references: new Map(),
  closedWindows: new Set(),
});

type Json = Record<string, unknown>;
const obj = (value: unknown): Json | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;

class Refusal extends Error {
  constructor(
    message: string,
    readonly code = 131009,
  ) {
    super(message);
  }
}

function need(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Refusal(message);
}

function amountOf(value: unknown, field: string): number {
  const amount = obj(value);
  need(amount, `${field} é obrigatório`);
  need(Number.isInteger(amount.value) && (amount.value as number) >= 0, `${field}.value inválido`);
  need(amount.offset === AMOUNT_OFFSET, `${field}.offset deve ser ${AMOUNT_OFFSET} (BRL)`);
  return amount.value as number;
}

function checkPaymentSetting(value: unknown): void {
  const setting = obj(value);
  need(setting, 'payment_settings[] inválido');
  if (setting.type === 'pix_dynamic_code') {
    const pix = obj(setting.pix_dynamic_code);
    need(pix, 'pix_dynamic_code é obrigatório');
    need(typeof pix.code === 'string' && verifyPixBrCode(pix.code), 'pix_dynamic_code.code: CRC inválido');
    need(typeof pix.merchant_name === 'string' && pix.merchant_name, 'pix_dynamic_code.merchant_name vazio');
    need(typeof pix.key === 'string' && pix.key, 'pix_dynamic_code.key vazio');
    need(KEY_TYPES.includes(pix.key_type as string), 'pix_dynamic_code.key_type inválido');
    return;
  }
  if (setting.type === 'boleto') {
    const line = obj(setting.boleto)?.digitable_line;
    need(typeof line === 'string' && /^\d{47,48}$/.test(line), 'boleto.digitable_line inválida');
    return;
  }
  if (setting.type === 'payment_link') {
    const uri = obj(setting.payment_link)?.uri;
    need(typeof uri === 'string' && URL.canParse(uri), 'payment_link.uri inválida');
    return;
  }
  throw new Refusal('payment_settings[].type inválido');
}

function checkDetails(state: WhatsAppFakeState, parameters: Json): void {
  const reference = parameters.reference_id;
  need(typeof reference === 'string' && REFERENCE_ID.test(reference), 'reference_id inválido');
  need(['digital-goods', 'physical-goods'].includes(parameters.type as string), 'type inválido');
  need(parameters.payment_type === 'br', 'payment_type deve ser br');
  need(parameters.currency === 'BRL', 'currency deve ser BRL');
  const settings = parameters.payment_settings;
  need(Array.isArray(settings) && settings.length >= 1, 'payment_settings é obrigatório');
  settings.forEach(checkPaymentSetting);
  const total = amountOf(parameters.total_amount, 'total_amount');
  const order = obj(parameters.order);
  need(order, 'order é obrigatório');
  need(order.status === 'pending', 'order.status deve ser pending');
  const items = order.items;
  need(Array.isArray(items) && items.length >= 1, 'order.items é obrigatório');
  need(items.length <= ORDER_ITEMS_MAX, `no máximo ${ORDER_ITEMS_MAX} itens`);
  let sum = 0;
  for (const value of items) {
    const item = obj(value);
    need(item && typeof item.retailer_id === 'string' && item.retailer_id, 'item.retailer_id vazio');
    need(typeof item.name === 'string' && item.name, 'item.name vazio');
    need(item.name.length <= ITEM_NAME_MAX, `item.name com mais de ${ITEM_NAME_MAX} caracteres`);
    need(Number.isInteger(item.quantity) && (item.quantity as number) >= 1, 'item.quantity inválida');
    sum += amountOf(item.amount, 'item.amount') * (item.quantity as number);
  }
  const subtotal = amountOf(order.subtotal, 'order.subtotal');
  need(subtotal === sum, 'order.subtotal difere da soma dos itens');
  const tax = amountOf(order.tax, 'order.tax');
  const shipping = order.shipping === undefined ? 0 : amountOf(order.shipping, 'order.shipping');
  const discount = order.discount === undefined ? 0 : amountOf(order.discount, 'order.discount');
  need(
    total === subtotal + tax + shipping - discount,
    'total_amount difere de subtotal + tax + shipping - discount',
  );
  const content = JSON.stringify(parameters);
  const first = state.references.get(reference);
  need(first === undefined || first === content, 'reference_id já usado por outro pedido');
  state.references.set(reference, content);
}

function checkStatus(state: WhatsAppFakeState, parameters: Json): void {
  const reference = parameters.reference_id;
  need(typeof reference === 'string' && state.references.has(reference), 'reference_id sem order_details');
  const order = obj(parameters.order);
  need(
    order && (WHATSAPP_ORDER_STATUSES as readonly unknown[]).includes(order.status),
    'order.status inválido',
  );
  const description = order.description;
  need(description === undefined || typeof description === 'string', 'order.description inválida');
  need((description ?? '').length <= ORDER_DESCRIPTION_MAX, 'order.description longa demais');
}

function checkInteractive(state: WhatsAppFakeState, interactive: Json): void {
  const text = obj(interactive.body)?.text;
  need(typeof text === 'string' && text && text.length <= ORDER_BODY_MAX, 'body.text inválido');
  const action = obj(interactive.action);
  const parameters = obj(action?.parameters);
  if (interactive.type === 'order_details') {
    need(action?.name === 'review_and_pay' && parameters, 'action review_and_pay é obrigatória');
    checkDetails(state, parameters);
  } else if (interactive.type === 'order_status') {
    need(action?.name === 'review_order' && parameters, 'action review_order é obrigatória');
    checkStatus(state, parameters);
  } else if (interactive.type === 'button') {
    const buttons: unknown[] = Array.isArray(action?.buttons) ? action.buttons : [];
    need(buttons.length >= 1 && buttons.length <= 3, 'action.buttons: de 1 a 3 botões');
    for (const button of buttons) {
      const reply = obj(obj(button)?.reply);
      const ok = obj(button)?.type === 'reply' && typeof reply?.id === 'string' && reply.id.length <= 256;
      need(ok && typeof reply?.title === 'string' && reply.title.length <= 20, 'botão de resposta inválido');
    }
  }
}

/** What the API answers to `body`: 200 with a wamid, or a Graph error (400 + code) the adapter classifies. */
export function answerWhatsApp(state: WhatsAppFakeState, body: unknown): ScriptedResponse {
  try {
    const message = obj(body);
    need(message && message.messaging_product === 'whatsapp', 'messaging_product deve ser whatsapp');
    const to = message.to;
    need(typeof to === 'string' && /^\d{8,15}$/.test(to), 'to inválido');
    if (message.type !== 'template' && state.closedWindows.has(to))
      throw new Refusal('Re-engagement message', Number(WINDOW_CLOSED_CODE));
    if (message.type === 'template') {
      const template = obj(message.template);
      need(template && typeof template.name === 'string' && template.name, 'template.name vazio');
      need(obj(template.language)?.code, 'template.language.code vazio');
    }
    const interactive = obj(message.interactive);
    if (message.type === 'interactive') {
      need(interactive, 'interactive é obrigatório');
      checkInteractive(state, interactive);
    }
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: `wamid.fake_${randomUUID()}` }],
      },
    };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return {
      status: 400,
      body: { error: { message: error.message, type: 'OAuthException', code: error.code } },
    };
  }
}
