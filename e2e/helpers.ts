import { appendFileSync, mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';

export const PLATFORM_KEY = 'e2e-platform-key-0123456789';

export type SessionOptions = {
  shop?: 'hortifruti' | 'moda';
  type?: 'contact' | 'agent';
  channel?: 'whatsapp' | 'instagram' | 'messenger' | 'webchat';
  phone?: string;
  /** The contact's name (default 'Cliente E2E'). */
  name?: string;
  /** The assistant's suggestions the session opens with. */
  suggestions?: { productIds?: string[]; searchTerms?: string[] };
};

/** What the platform API answers for a new session. */
export type MintedSession = { code: string; url: string; productsFoundUrl: string | null };

/**
 * Remembers a secret the run handled (a session code, a token), for the secrets scan that closes `npm test`:
 * none may be found in clear in the server log or the database (apps/server/src/security/scan-secrets-cli.ts).
 */
export function recordSecret(...secrets: string[]) {
  mkdirSync('.tmp/e2e-logs', { recursive: true });
  appendFileSync('.tmp/e2e-logs/secrets.txt', secrets.map((s) => `${s}\n`).join(''));
}

/** Mints a session through the platform API, as the chatbot would; its code is recorded as a secret. */
export async function mintSessionData(
  request: APIRequestContext,
  options: SessionOptions = {},
): Promise<MintedSession> {
  const response = await request.post('/api/platform/sessions', {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
    data: {
      shop: options.shop ?? 'hortifruti',
      sessionType: options.type ?? 'contact',
      channelType: options.channel ?? 'whatsapp',
      contact: {
        name: options.name ?? 'Cliente E2E',
        phone: options.phone ?? `119${Math.floor(Math.random() * 1e8)}`,
      },
      ...(options.suggestions ? { suggestions: options.suggestions } : {}),
    },
  });
  if (response.status() !== 201) throw new Error(`platform API answered ${response.status()}`);
  const { data } = (await response.json()) as { data: MintedSession };
  recordSecret(data.code);
  return data;
}

/** mintSessionData, answering the storefront link path to open. */
export async function mintSession(request: APIRequestContext, options: SessionOptions = {}): Promise<string> {
  return `/catalog#${(await mintSessionData(request, options)).code}`;
}

/** Opens a storefront link and waits until the session shell is up. */
export async function openStore(page: Page, request: APIRequestContext, options: SessionOptions = {}) {
  const link = await mintSession(request, options);
  await page.goto(link);
  await page.getByRole('banner').locator('a[href="/catalog"]').waitFor();
  return link;
}
