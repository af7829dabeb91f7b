import { appendFileSync, mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';

export const PLATFORM_KEY = 'e2e-platform-key-0123456789';

export type SessionOptions = {
  shop?: 'hortifruti' | 'moda';
  type?: 'contact' | 'agent';
  channel?: 'whatsapp' | 'instagram' | 'messenger' | 'webchat';
  phone?: string;
};

/**
 * Remembers a secret the run handled (a session code, a token), for the secrets scan that closes `npm test`:
 * none may be found in clear in the server log or the database (apps/server/src/security/scan-secrets-cli.ts).
 */
export function recordSecret(...secrets: string[]) {
  mkdirSync('.tmp/e2e-logs', { recursive: true });
  appendFileSync('.tmp/e2e-logs/secrets.txt', secrets.map((s) => `${s}\n`).join(''));
}

/** Mints a session through the platform API, as the chatbot would; returns the link path to open. */
export async function mintSession(request: APIRequestContext, options: SessionOptions = {}): Promise<string> {
  const response = await request.post('/api/platform/sessions', {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
    data: {
      shop: options.shop ?? 'hortifruti',
      sessionType: options.type ?? 'contact',
      channelType: options.channel ?? 'whatsapp',
      contact: { name: 'Cliente E2E', phone: options.phone ?? `119${Math.floor(Math.random() * 1e8)}` },
    },
  });
  if (response.status() !== 201) throw new Error(`platform API answered ${response.status()}`);
  const { data } = (await response.json()) as { data: { code: string } };
  recordSecret(data.code);
  return `/catalog#${data.code}`;
}

/** Opens a storefront link and waits until the session shell is up. */
export async function openStore(page: Page, request: APIRequestContext, options: SessionOptions = {}) {
  const link = await mintSession(request, options);
  await page.goto(link);
  await page.getByRole('banner').locator('a[href="/catalog"]').waitFor();
  return link;
}
