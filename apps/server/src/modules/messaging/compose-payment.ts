/**
 * The payment message the contact receives after the order is confirmed (pt-BR, sized for the channel): the
 * instructions of the chosen method with the total. What must be copied (Pix "copia e cola", boleto line, Pix
 * key) goes alone in its own part, so a long press copies exactly that. Image and button URLs may be paths
 * (`/…`): the worker completes them at delivery, and the card link gets its session code there (delivery-links.ts).
 */
import { formatBRL } from '@vitrine/contracts/money';
import type { MessagePart } from '@vitrine/contracts/messaging';
import { pixQrPath } from '@vitrine/contracts/pix';
import { dateTimeText } from '@vitrine/contracts/shop-time';
import { splitText } from './compose.ts';

export type PaymentInstructions =
  | { kind: 'onDelivery'; meanName: string; cashAmountCents: number | null }
  | { kind: 'pix'; code: string; expiresAt: string | null }
  | { kind: 'pixKey'; key: string }
  | { kind: 'boleto'; line: string; url: string | null; expiresAt: string | null }
  | { kind: 'card'; path: string }
  | { kind: 'link'; url: string }
  | { kind: 'manual'; text: string | null };

export type PaymentMessage = { parts: MessagePart[]; sessionLinkPart?: number };

/** `18/01/2026 às 23:59` in the shop's time zone (decision 0043). */
export function expiryText(iso: string, timeZone: string): string {
  return dateTimeText(iso, timeZone, ' às ');
}

const lines = (...values: (string | null | false)[]) =>
  values.filter((v) => v !== null && v !== false).join('\n');

function instructions(
  header: string,
  amount: string,
  how: PaymentInstructions,
  timeZone: string,
): PaymentMessage {
  const total = `Total: *${amount}*`;
  switch (how.kind) {
    case 'onDelivery': {
      const cash = how.cashAmountCents !== null ? ` (troco para ${formatBRL(how.cashAmountCents)})` : '';
      return { parts: [{ text: lines(header, `Pagamento na entrega: ${how.meanName}${cash}`, total) }] };
    }
    case 'pix':
      return {
        parts: [
          {
            text: lines(
              header,
              `Pague *${amount}* com Pix: copie o código da próxima mensagem e cole no app do seu banco (Pix copia e cola) ou leia o QR Code.`,
              how.expiresAt !== null && `Válido até ${expiryText(how.expiresAt, timeZone)}.`,
            ),
          },
          { text: how.code },
          { text: `QR Code Pix — ${amount}`, imageUrl: pixQrPath(how.code) },
        ],
      };
    case 'pixKey':
      return {
        parts: [
          { text: lines(header, `Pague *${amount}* com Pix usando a chave da próxima mensagem.`) },
          { text: how.key },
        ],
      };
    case 'boleto':
      return {
        parts: [
          {
            text: lines(
              header,
              `Pague *${amount}* com boleto: copie a linha digitável da próxima mensagem no app do seu banco${how.url ? ' ou abra o boleto pelo botão' : ''}.`,
              how.expiresAt !== null && `Vencimento: ${expiryText(how.expiresAt, timeZone)}.`,
            ),
            button: how.url ? { label: 'Ver boleto', url: how.url } : null,
          },
          { text: how.line },
        ],
      };
    case 'card':
      return {
        parts: [
          {
            text: lines(header, `Pague *${amount}* com cartão de crédito pelo link seguro abaixo.`),
            button: { label: 'Pagar com cartão', url: how.path },
          },
        ],
        sessionLinkPart: 0,
      };
    case 'link':
      return {
        parts: [
          {
            text: lines(header, total, 'Pague pelo link abaixo.'),
            button: { label: 'Pagar agora', url: how.url },
          },
        ],
      };
    case 'manual':
      return { parts: [{ text: lines(header, total, how.text ? `\nComo pagar:\n${how.text}` : null) }] };
  }
}

/** Splits a part longer than the channel's limit on lines; its image and button go with the last piece. */
function fit(part: MessagePart, limit: number): MessagePart[] {
  if (part.text.length <= limit) return [part];
  const chunks = splitText(part.text, limit);
  return chunks.map((text, index) => (index === chunks.length - 1 ? { ...part, text } : { text }));
}

/**
 * The payment message of an order of `totalCents` at `shopName`, for a channel of `limit` characters; due dates
 * read in the shop's `timeZone`. `header` replaces the confirmation's first line (a payment reminder's text).
 */
export function paymentMessage(
  shopName: string,
  totalCents: number,
  how: PaymentInstructions,
  limit: number,
  timeZone: string,
  header = `*Pedido confirmado — ${shopName}*`,
): PaymentMessage {
  const message = instructions(header, formatBRL(totalCents), how, timeZone);
  const parts: MessagePart[] = [];
  let sessionLinkPart: number | undefined;
  message.parts.forEach((part, index) => {
    parts.push(...fit(part, limit));
    if (index === message.sessionLinkPart) sessionLinkPart = parts.length - 1;
  });
  return sessionLinkPart === undefined ? { parts } : { parts, sessionLinkPart };
}
