import { expect } from '@playwright/test';
import { recordSecret } from './helpers';
import { PRIVATE_PLATFORM_KEY } from './private-server';

/**
 * An agent session on the private server at `origin` (platform API, as the chatbot mints it) for `contact`, and
 * JSON calls in it: `call` answers the status, data and pt-BR message; `ok` expects 200 and answers the data. The
 * session's code is recorded as a secret (never in logs or reports).
 */
export async function agentSession(origin: string, shop: string, contact: { name: string; phone: string }) {
  const minted = await fetch(`${origin}/api/platform/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PRIVATE_PLATFORM_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ shop, sessionType: 'agent', channelType: 'whatsapp', contact }),
  });
  expect(minted.status).toBe(201);
  const { code } = ((await minted.json()) as { data: { code: string } }).data;
  recordSecret(code);
  const call = async <T = unknown>(method: 'GET' | 'POST', url: string, data?: object) => {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: { authorization: `Bearer ${code}`, 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: JSON.stringify(data ?? {}) } : {}),
    });
    const body = (await res.json()) as { data: T; errors: { message: string }[] };
    return { status: res.status, data: body.data, message: body.errors[0]?.message };
  };
  const ok = async <T = unknown>(method: 'GET' | 'POST', url: string, data?: object) => {
    const res = await call<T>(method, url, data);
    expect(res.status, `${url}: ${res.message}`).toBe(200);
    return res.data;
  };
  return { code, call, ok };
}
