/**
 * "Testar conexão" of a shop's payment account (console 'Pagamentos › Conta de pagamento', decision 0040): one cheap
 * authenticated read of the provider's API with the account's secret key, nothing created nor changed.
 *
 * - Mercado Pago (also the payment-link gateway, which uses the same access token): `GET /v1/payment_methods`
 *   with `Authorization: Bearer <access token>` ("Consultar meios de pagamento",
 *   https://www.mercadopago.com.br/developers/pt/docs/checkout-bricks/additional-content/consult-payment-methods);
 *   it answers an array of the methods the account may use, 401 for a token it does not know.
 * - Pagar.me v5: `GET /core/v5/customers?page=1&size=1` ("Listar clientes") with HTTP Basic, the secret key as
 *   user and an empty password (as pagarme.ts charges); 401 for a key it does not know.
 * - 'vitrine': the built-in sandbox, answered here without any call (ok while the server allows the sandbox).
 *
 * The answer is a plain verdict; modules/payment/connection-test.ts words it in pt-BR. The provider's own error
 * text is never kept (it could quote the request), and the key is never part of a verdict.
 */
import { HttpTransportError, requestJson, retryableStatus } from '../http-json.ts';
import { MERCADO_PAGO_API } from './mercadopago.ts';
import { PAGARME_API } from './pagarme.ts';
import type { AccountType } from './registry.ts';

export type CredentialsVerdict =
  | { kind: 'ok' }
  /** The provider answered 401/403: it does not take this key. */
  | { kind: 'refused'; status: number }
  /** No answer in time, no connection, or a 408/429/5xx. */
  | { kind: 'unavailable'; reason: 'timeout' | 'network' | 'status'; status: number | null }
  /** Another 4xx, or a 2xx that is not what the read answers. */
  | { kind: 'error'; status: number }
  /** 'vitrine' on a server without the sandbox. */
  | { kind: 'sandboxOff' };

export type CredentialsCheck = {
  type: AccountType;
  secretKey: string;
  /** The server allows the built-in sandbox (PAYMENTS_SANDBOX / demo mode). */
  sandbox: boolean;
  /** API origins (config MERCADOPAGO_API_URL / PAGARME_API_URL; tests and demo point them at a local fake). */
  apiUrls?: { mercadopago: string; pagarme: string };
  timeoutMs?: number;
  fetch?: typeof fetch;
};

const trim = (url: string) => url.replace(/\/+$/, '');

function request(check: CredentialsCheck): { url: string; authorization: string; array: boolean } {
  if (check.type === 'pagarme') {
    const basic = Buffer.from(`${check.secretKey}:`).toString('base64');
    const base = trim(check.apiUrls?.pagarme ?? PAGARME_API);
    return { url: `${base}/customers?page=1&size=1`, authorization: `Basic ${basic}`, array: false };
  }
  const base = trim(check.apiUrls?.mercadopago ?? MERCADO_PAGO_API);
  return { url: `${base}/v1/payment_methods`, authorization: `Bearer ${check.secretKey}`, array: true };
}

export async function checkGatewayCredentials(check: CredentialsCheck): Promise<CredentialsVerdict> {
  if (check.type === 'vitrine') return check.sandbox ? { kind: 'ok' } : { kind: 'sandboxOff' };
  const { url, authorization, array } = request(check);
  let status: number;
  let body: unknown;
  try {
    ({ status, body } = await requestJson({
      method: 'GET',
      url,
      headers: { authorization },
      timeoutMs: check.timeoutMs ?? 10_000,
      fetch: check.fetch,
    }));
  } catch (error) {
    if (error instanceof HttpTransportError)
      return { kind: 'unavailable', reason: error.reason, status: null };
    throw error;
  }
  if (status === 401 || status === 403) return { kind: 'refused', status };
  if (retryableStatus(status)) return { kind: 'unavailable', reason: 'status', status };
  if (status < 200 || status >= 300) return { kind: 'error', status };
  const shaped = array ? Array.isArray(body) : typeof body === 'object' && body !== null;
  return shaped ? { kind: 'ok' } : { kind: 'error', status };
}
