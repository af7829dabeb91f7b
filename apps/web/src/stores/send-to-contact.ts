/**
 * Agents' sends to the contact (spec §4 "Send-product", §7 `/api/order/send/*`): the catalogue link, a product's
 * details and the order summary. The server queues the chat message and answers at once (`SendResult`); the
 * screen says so with a toast. Shared by the catalogue (card button, agent footer), the product page and the
 * agent checkout.
 */
import { CALL_ERRORS, type CallName } from '@vitrine/contracts/call-errors';
import type { SendCatalogQuery, SendProductBody, SendResult } from '@vitrine/contracts/messaging';
import { apiCall, firstServerMessage } from '../lib/api-client';
import { showToast } from './toast-store';

export const CATALOG_SENT_MESSAGE = 'Catálogo enviado para o contato';
export const PRODUCT_SENT_MESSAGE = 'Produto enviado para o contato';
export const RESUME_SENT_MESSAGE = 'Resumo do pedido enviado para o contato';

/** `GET /api/order/send/catalog`: the catalogue link, standard when every field is empty. */
export function sendCatalog(settings: SendCatalogQuery): Promise<SendResult> {
  return apiCall<SendResult>('sendCatalog', 'GET', '/api/order/send/catalog', { query: { ...settings } });
}

/** `POST /api/order/send/product/{providerId}`: the product's details with the chosen options. */
export function sendProduct(body: SendProductBody & { providerId: string }): Promise<SendResult> {
  const path = `/api/order/send/product/${encodeURIComponent(body.providerId)}`;
  return apiCall<SendResult>('sendProduct', 'POST', path, {
    body: { providerId: body.providerId, attributes: body.attributes },
  });
}

/** `GET /api/order/send/resume`: the order summary. */
export function sendOrderResume(): Promise<SendResult> {
  return apiCall<SendResult>('sendResume', 'GET', '/api/order/send/resume');
}

/**
 * Runs a send and reports it: `sentMessage` on success; on failure the call's catalogue message (spec §8), or the
 * server's own message first when `serverMessageFirst`. Resolves true when sent.
 */
export async function reportSend(
  send: () => Promise<SendResult>,
  callName: CallName,
  sentMessage: string,
  { serverMessageFirst = false } = {},
): Promise<boolean> {
  try {
    await send();
    showToast(sentMessage, { id: callName });
    return true;
  } catch (error) {
    const message = (serverMessageFirst ? firstServerMessage(error) : null) ?? CALL_ERRORS[callName];
    showToast(message, { variant: 'error', id: callName });
    return false;
  }
}
