/** Calls the cluster tests make: sessions from the platform API and JSON calls with a session's bearer code. */
import { CLUSTER_PLATFORM_KEY } from './cluster.ts';

export type Answer<T = Record<string, unknown>> = {
  status: number;
  data: T;
  errors: { code?: string; message: string }[];
};

/** One JSON call; a network failure answers status 0. */
export async function call<T = Record<string, unknown>>(
  base: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  { code, body, headers }: { code?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(code ? { authorization: `Bearer ${code}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as { data?: T; errors?: Answer['errors'] };
    return { status: res.status, data: json.data as T, errors: json.errors ?? [] };
  } catch {
    return { status: 0, data: undefined as T, errors: [] };
  }
}

let contacts = 0;

/** A new session of `type` for a new contact of the shop (201 expected). */
export async function mintSession(
  base: string,
  { shop = 'hortifruti', agent = false }: { shop?: string; agent?: boolean } = {},
): Promise<string> {
  contacts += 1;
  const res = await call<{ code: string }>(base, 'POST', '/api/platform/sessions', {
    headers: { authorization: `Bearer ${CLUSTER_PLATFORM_KEY}` },
    body: {
      shop,
      sessionType: agent ? 'agent' : 'contact',
      channelType: 'whatsapp',
      contact: {
        name: `Cliente ${contacts}`,
        phone: `1197${String(process.pid % 1000).padStart(3, '0')}${String(contacts).padStart(4, '0')}`,
      },
    },
  });
  if (res.status !== 201) throw new Error(`session: ${res.status} ${JSON.stringify(res.errors)}`);
  return res.data.code;
}

/** Points the shop's chatbot events and WebChat at `url` (the test receiver). */
export async function setChatbotWebhook(base: string, shop: string, url: string): Promise<void> {
  const res = await call(base, 'PUT', `/api/platform/shops/${shop}/messaging`, {
    headers: { authorization: `Bearer ${CLUSTER_PLATFORM_KEY}` },
    body: { chatbot: { eventsUrl: url, webchatUrl: url, signingSecret: 'cluster-signing-secret-0123' } },
  });
  if (res.status !== 200) throw new Error(`messaging: ${res.status} ${JSON.stringify(res.errors)}`);
}
