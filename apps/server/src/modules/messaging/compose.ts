/**
 * The chat texts the contact receives (pt-BR), sized for the channel: WhatsApp 4096 characters, Messenger
 * 2000, Instagram 1000. Long texts are split on line boundaries into at most MAX_PARTS parts; an order summary
 * that still does not fit lists fewer items and says how many were left out, totals always included.
 */
import { kiloPriceCents, lineQuantityText } from '@vitrine/contracts/format';
import { formatBRL, formatReais, reaisToCents } from '@vitrine/contracts/money';
import type { MessagePart } from '@vitrine/contracts/messaging';
import type { Order } from '@vitrine/contracts/order';

export const MAX_PARTS = 3;

/** Absolute URL for a path under the public URL (images are stored as `/media/…`). */
export function absoluteUrl(publicUrl: string, url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^https?:\/\//.test(url)) return url;
  return `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Splits on line breaks into chunks of at most `limit` characters (a longer line is cut). */
export function splitText(text: string, limit: number): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    let line = raw;
    while (line.length > limit) {
      if (current) chunks.push(current);
      current = '';
      chunks.push(line.slice(0, limit));
      line = line.slice(limit);
    }
    const next = current ? `${current}\n${line}` : line;
    if (next.length > limit) {
      chunks.push(current);
      current = line;
    } else current = next;
  }
  if (current.trim()) chunks.push(current);
  return chunks.map((chunk) => chunk.trim()).filter(Boolean);
}

export type ProductCard = {
  name: string;
  priceCents: number;
  promotionalPriceCents: number | null;
  soldInKilo: boolean;
  brand: string | null;
  options: string[];
  imageUrl: string | null;
  link: string;
};

export function productParts(card: ProductCard, limit: number): MessagePart[] {
  const unit = card.soldInKilo ? '/kg' : '';
  const price =
    card.promotionalPriceCents !== null && card.promotionalPriceCents < card.priceCents
      ? `De ~${formatBRL(card.priceCents)}~ por *${formatBRL(card.promotionalPriceCents)}*${unit}`
      : `*${formatBRL(card.priceCents)}*${unit}`;
  const lines = [`*${card.name}*`, price];
  if (card.options.length) lines.push(card.options.join(' · '));
  if (card.brand) lines.push(`Marca: ${card.brand}`);
  lines.push('', 'Veja os detalhes e adicione ao pedido pelo link.');
  const text = lines.join('\n').slice(0, Math.min(limit, 1024));
  return [
    { text, imageUrl: card.imageUrl, button: { label: 'Ver produto', url: card.link }, linkPreview: true },
  ];
}

export const CATALOG_LABELS = {
  Standard: 'nosso catálogo',
  ShowCategory: 'a categoria',
  ShowCollection: 'a coleção',
  ShowQuery: 'os produtos encontrados para',
} as const;

export function catalogParts(
  shopName: string,
  type: keyof typeof CATALOG_LABELS,
  title: string | null,
  link: string,
): MessagePart[] {
  const what = title ? `${CATALOG_LABELS[type]} *${title}*` : CATALOG_LABELS.Standard;
  const text = `Olá! Confira ${what} da ${shopName}. Escolha seus produtos e monte seu pedido pelo link.`;
  return [{ text, imageUrl: null, button: { label: 'Ver catálogo', url: link }, linkPreview: true }];
}

/** Why a WhatsApp catalogue order could not be placed, as the contact is told (issue 35). */
export type NotPlaced = {
  /** How many retailer ids the shop does not sell (their ids mean nothing to the contact). */
  unknown: number;
  unavailable: string[];
  soldOut: string[];
  /** The confirm's refusal ('O valor mínimo do pedido é …'), when the items were fine. */
  refusal: string | null;
};

/** The contact's message when nothing of a catalogue order could be placed, with a link to the catalogue. */
export function notPlacedParts(shopName: string, why: NotPlaced, limit: number, link: string): MessagePart[] {
  const lines = [`*Pedido pelo catálogo do WhatsApp — ${shopName}*`, ''];
  if (why.refusal) {
    lines.push(`Não conseguimos criar o seu pedido: ${why.refusal}`);
    lines.push('', 'Complete o pedido pelo link do catálogo.');
  } else {
    lines.push('Não conseguimos criar o seu pedido: nenhum dos itens pôde ser pedido.');
    if (why.unknown)
      lines.push(
        why.unknown === 1
          ? '• 1 item não está mais no catálogo da loja.'
          : `• ${why.unknown} itens não estão mais no catálogo da loja.`,
      );
    if (why.unavailable.length) lines.push(`• Indisponíveis: ${why.unavailable.join(', ')}`);
    for (const short of why.soldOut) lines.push(`• ${short}`);
    lines.push('', 'Escolha outros produtos pelo link do catálogo.');
  }
  lines.push('Se preferir, responda esta mensagem que a loja ajuda você.');
  const text = lines.join('\n').slice(0, limit);
  return [{ text, imageUrl: null, button: { label: 'Ver catálogo', url: link } }];
}

/** '2x Café' for a unit line; the weight and the price per kg of a kilo line ('1 kg de Feijão (R$ 12,90/kg)', spec §9). */
function lineText(item: Order['items'][number]): string {
  if (!item.soldInKilo)
    return `${item.quantity.toLocaleString('pt-BR', { maximumFractionDigits: 3 })}x ${item.name}`;
  const perKg = kiloPriceCents(reaisToCents(item.promotionalPrice ?? item.unitPrice), item);
  return `${lineQuantityText(item)} de ${item.name}${item.isGift || perKg === null ? '' : ` (${formatBRL(perKg)}/kg)`}`;
}

function summaryText(shopName: string, order: Order, shown: number): string {
  const lines = [`*Resumo do pedido — ${shopName}*`, ''];
  const items = order.items;
  for (const item of items.slice(0, shown)) {
    const amount = item.isGift ? 'Brinde' : formatReais(item.totalAmout);
    lines.push(`• ${lineText(item)} — ${amount}`);
  }
  if (items.length > shown)
    lines.push(`… e mais ${items.length - shown} ite${items.length - shown > 1 ? 'ns' : 'm'}`);
  lines.push('', `Subtotal: ${formatReais(order.itemsAmout)}`);
  if (order.discountAmout) lines.push(`Desconto: ${formatReais(Math.abs(order.discountAmout))}`);
  const logistic = order.logistic;
  if (!logistic || logistic.limitsOnly || !logistic.providerId) lines.push('Entrega: a combinar');
  else lines.push(`Entrega (${logistic.name}): ${logistic.price ? formatReais(logistic.price) : 'Grátis'}`);
  lines.push(`*Total: ${formatReais(order.totalAmout)}*`);
  return lines.join('\n');
}

/** The order summary in at most MAX_PARTS parts of `limit` characters; the last part links to the cart. */
export function resumeParts(shopName: string, order: Order, limit: number, link: string): MessagePart[] {
  let shown = order.items.length;
  let chunks = splitText(summaryText(shopName, order, shown), limit);
  while (chunks.length > MAX_PARTS && shown > 0) {
    shown = Math.max(0, shown - Math.max(1, Math.ceil(shown / 10)));
    chunks = splitText(summaryText(shopName, order, shown), limit);
  }
  return chunks.map((text, index) => ({
    text,
    imageUrl: null,
    button: index === chunks.length - 1 ? { label: 'Ver pedido', url: link } : null,
  }));
}
