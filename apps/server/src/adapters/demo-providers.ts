/**
 * The built-in fakes of the providers' APIs the console's "Testar conexão" and the channels call, for demo mode
 * only (routes/dev/providers.ts serves them at `/dev/providers/…`; config.ts points GRAPH_API_BASE_URL,
 * MERCADOPAGO_API_URL and PAGARME_API_URL at them when those are not set; decisions 0038 and 0040). A credential
 * that starts with `demo` is accepted, any other is refused the way the provider refuses it:
 *
 * - Meta Graph API: `GET /{version}/{id}?fields=…` answers the object with the fields asked (a page's `name`, an
 *   Instagram account's `username`, a WhatsApp number's `display_phone_number`); a bad token gets HTTP 401 with
 *   `{error: {type: 'OAuthException', code: 190}}`. `POST /{version}/{phone-number-id}/messages` (WhatsApp Cloud)
 *   answers as the local WhatsApp fake does (adapters/channels/fake-whatsapp-cloud.ts: a `wamid`, or its Graph
 *   error); `POST /{version}/me/messages` (Messenger / Instagram Send API) a `recipient_id` and `message_id`.
 * - Mercado Pago: `GET /v1/payment_methods` with `Bearer demo…` answers `[]`; else 401 `unauthorized`.
 * - Pagar.me core v5: `GET /core/v5/customers` with HTTP Basic `demo…:` (or `sk_test_demo…:`) answers an empty
 *   page `{data: [], paging: {total: 0}}`; else 401.
 *
 * Nothing else of those APIs is answered (a card charge through Mercado Pago or Pagar.me gets a 404): the demo's
 * payments go through the built-in sandbox ('vitrine'); set the variables to use a provider's real sandbox.
 */
import { randomUUID } from 'node:crypto';
import {
  answerWhatsApp,
  newWhatsAppFakeState,
  type WhatsAppFakeState,
} from './channels/fake-whatsapp-cloud.ts';

export type FakeAnswer = { status: number; body: unknown };

const DEMO_TOKEN = /^demo/i;
const DEMO_PAGARME_KEY = /^(sk_test_)?demo/i;

function bearerToken(authorization: string | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? null;
}

function basicUser(authorization: string | undefined): string | null {
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '')?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? decoded : decoded.slice(0, colon);
}

const graphTrace = () => randomUUID().replace(/-/g, '').slice(0, 23);

/** Graph's answer to a token it does not take (code 190, "Invalid OAuth access token"). */
function graphRefusal(): FakeAnswer {
  return {
    status: 401,
    body: {
      error: {
        message: 'Invalid OAuth access token - Cannot parse access token',
        type: 'OAuthException',
        code: 190,
        fbtrace_id: graphTrace(),
      },
    },
  };
}

const DEMO_FIELDS: Record<string, string> = {
  name: 'Página de demonstração',
  username: 'vitrine.demo',
  display_phone_number: '+55 11 4000-0000',
  verified_name: 'Vitrine Demonstração',
};

/** `GET /{version}/{id}?fields=a,b`: the object with the fields asked (`me` is the token's own page). */
export function graphRead(
  authorization: string | undefined,
  id: string,
  fields: string | undefined,
): FakeAnswer {
  const token = bearerToken(authorization);
  if (!token || !DEMO_TOKEN.test(token)) return graphRefusal();
  const body: Record<string, string> = { id: id === 'me' ? '100000000000001' : id };
  for (const field of (fields ?? '').split(',').map((f) => f.trim())) {
    if (field && field !== 'id' && DEMO_FIELDS[field]) body[field] = DEMO_FIELDS[field];
  }
  return { status: 200, body };
}

const whatsAppState: WhatsAppFakeState = newWhatsAppFakeState();

/** `POST /{version}/{id}/messages`: WhatsApp Cloud for a phone number id, the Send API for `me`. */
export function graphSend(authorization: string | undefined, id: string, body: unknown): FakeAnswer {
  const token = bearerToken(authorization);
  if (!token || !DEMO_TOKEN.test(token)) return graphRefusal();
  if (id !== 'me') {
    const answer = answerWhatsApp(whatsAppState, body);
    return { status: answer.status, body: answer.body };
  }
  const recipient = (body as { recipient?: { id?: unknown } } | null)?.recipient?.id;
  if (typeof recipient !== 'string' || !recipient)
    return {
      status: 400,
      body: {
        error: {
          message: '(#100) The parameter recipient is required',
          type: 'OAuthException',
          code: 100,
          fbtrace_id: graphTrace(),
        },
      },
    };
  return { status: 200, body: { recipient_id: recipient, message_id: `m_demo_${randomUUID()}` } };
}

/** Mercado Pago `GET /v1/payment_methods`: the methods the account may use (none in the demo). */
export function mercadoPagoPaymentMethods(authorization: string | undefined): FakeAnswer {
  const token = bearerToken(authorization);
  if (token && DEMO_TOKEN.test(token)) return { status: 200, body: [] };
  return {
    status: 401,
    body: { message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] },
  };
}

/** Pagar.me `GET /core/v5/customers`: a page of the account's customers (none in the demo). */
export function pagarmeCustomers(authorization: string | undefined): FakeAnswer {
  const key = basicUser(authorization);
  if (key && DEMO_PAGARME_KEY.test(key)) return { status: 200, body: { data: [], paging: { total: 0 } } };
  return { status: 401, body: { message: 'Authorization has been denied for this request.' } };
}
