/**
 * Orders placed from WhatsApp's own catalogue (issue 35): a contact builds a cart in the shop's WhatsApp catalogue
 * and sends it, and the webhook delivers an inbound message of `type: 'order'` (Meta's Business Messaging OpenAPI
 * v23.0, `OrderMessage`): `{ from, id, timestamp, type: 'order', order: { catalog_id, text, product_items: [{
 * product_retailer_id, quantity, item_price, currency }] } }`, with the sender's `contacts[]` entry (`wa_id`,
 * `user_id`, `profile.name`) beside it in the change's value.
 *
 * Pure: reads a change's value into our terms (prices in centavos, the sender by phone and user id) or says, in
 * pt-BR, why a message cannot become an order. Meta's price is only compared with ours: the order is priced by
 * the shop's catalogue.
 */
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '@vitrine/contracts/order-api';

export type CatalogOrderItem = {
  retailerId: string;
  quantity: number;
  /** WhatsApp's unit price in the currency's minor units (centavos for BRL). */
  priceCents: number;
  /** ISO 4217, upper case. */
  currency: string;
};

export type CatalogOrderMessage = {
  messageId: string;
  /** The sender's WhatsApp number (digits) and business-scoped user id, when given. */
  phone: string | null;
  userId: string | null;
  name: string;
} & ({ refused: null; catalogId: string; text: string; items: CatalogOrderItem[] } | { refused: string });

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const RETAILER_ID_MAX = 200;
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** The items of a message, or why they are refused. */
function itemsOf(order: Record<string, unknown>): CatalogOrderItem[] | string {
  const list = order.product_items;
  if (!Array.isArray(list) || list.length === 0) return 'sem itens (product_items)';
  if (list.length > MAX_ORDER_LINES) return `${list.length} itens; o máximo é ${MAX_ORDER_LINES}`;
  const items: CatalogOrderItem[] = [];
  for (const [index, item] of list.entries()) {
    const at = `item ${index + 1}`;
    if (!isObject(item)) return `${at} inválido`;
    const { product_retailer_id: id, quantity, item_price: price, currency } = item;
    if (typeof id !== 'string' || !id.trim() || id.length > RETAILER_ID_MAX || id.includes('\0'))
      return `${at}: product_retailer_id inválido`;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1)
      return `${at}: quantidade inválida (${String(quantity)})`;
    if (quantity > MAX_LINE_QUANTITY) return `${at}: quantidade acima de ${MAX_LINE_QUANTITY}`;
    if (typeof price !== 'number' || !Number.isFinite(price) || price < 0 || price > 1e7)
      return `${at}: item_price inválido`;
    if (typeof currency !== 'string' || !CURRENCIES.has(currency.toUpperCase()))
      return `${at}: moeda desconhecida (${String(currency).slice(0, 10)})`;
    items.push({
      retailerId: id,
      quantity,
      priceCents: Math.round(price * 100),
      currency: currency.toUpperCase(),
    });
  }
  return items;
}

/** The `order` messages of a `messages` change value, each read or refused with its reason. */
export function catalogOrdersOf(value: Record<string, unknown>): CatalogOrderMessage[] {
  if (!Array.isArray(value.messages)) return [];
  const contacts = Array.isArray(value.contacts) ? value.contacts.filter(isObject) : [];
  const out: CatalogOrderMessage[] = [];
  for (const message of value.messages) {
    if (!isObject(message) || message.type !== 'order') continue;
    const messageId = typeof message.id === 'string' ? message.id.slice(0, 200) : '';
    const phone = typeof message.from === 'string' ? message.from.replace(/\D/g, '').slice(0, 20) : '';
    const sender =
      contacts.find((c) => c.wa_id === message.from) ?? (contacts.length === 1 ? contacts[0] : null);
    const userId = typeof sender?.user_id === 'string' ? sender.user_id.slice(0, 128) : null;
    const profile = isObject(sender?.profile) ? sender.profile : {};
    const name =
      typeof profile.name === 'string' && profile.name.trim() ? profile.name.trim().slice(0, 100) : '';
    const who = { messageId, phone: phone || null, userId, name: name || 'Cliente' };
    const order = message.order;
    const refused = !messageId
      ? 'mensagem sem id'
      : !phone && !userId
        ? 'remetente desconhecido'
        : !isObject(order)
          ? 'sem o objeto order'
          : typeof order.catalog_id !== 'string' || !order.catalog_id
            ? 'sem catalog_id'
            : null;
    if (refused || !isObject(order)) {
      out.push({ ...who, refused: refused ?? 'sem o objeto order' });
      continue;
    }
    const items = itemsOf(order);
    if (typeof items === 'string') out.push({ ...who, refused: items });
    else
      out.push({
        ...who,
        refused: null,
        catalogId: String(order.catalog_id).slice(0, 100),
        text: typeof order.text === 'string' ? order.text.slice(0, 1000) : '',
        items,
      });
  }
  return out;
}
