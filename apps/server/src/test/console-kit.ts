/** Console test helpers: create a shop through the platform API, accept invitations, call as a staff member. */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { drainOutbox } from '../modules/outbox/worker.ts';
import { fakeRegistry } from '../adapters/channels/fake-channel.ts';
import { readFakeMailbox } from '../adapters/email/fake-mailbox.ts';
import { staffEmailJobs } from '../flows/team/staff-email.ts';
import { TEST_PLATFORM_KEY } from './test-app.ts';

export const PASSWORD = 'senha-forte-123';

/** A signed-in console caller: its cookie header and CSRF token. */
export type Staff = { cookie: string; csrf: string; email: string };

export const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1);

export function cookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === 'vitrine_console');
  expect(cookie, 'console cookie').toBeDefined();
  return `vitrine_console=${cookie!.value}`;
}

export async function createShop(app: FastifyInstance, slug: string, ownerEmail: string, timeZone?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/platform/shops',
    headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
    payload: { slug, name: `Loja ${slug}`, owner: { email: ownerEmail, name: 'Dona Ana' }, timeZone },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { shop: { id: string; slug: string }; invitationUrl: string };
}

export async function signedIn(app: FastifyInstance, cookie: string, email: string): Promise<Staff> {
  const me = await app.inject({ url: '/api/console/me', headers: { cookie } });
  expect(me.statusCode, me.body).toBe(200);
  return { cookie, csrf: me.json().data.csrfToken, email };
}

/** Accepts an invitation link as a new account and answers the signed-in caller. */
export async function accept(
  app: FastifyInstance,
  url: string,
  email: string,
  name = 'Pessoa',
): Promise<Staff> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/console/invitations/accept',
    payload: { token: tokenOf(url), name, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return signedIn(app, cookieOf(res), email);
}

/** A new shop (in São Paulo time unless `timeZone` names another) with its owner signed in. */
export async function shopWithOwner(app: FastifyInstance, slug: string, timeZone?: string) {
  const email = `dona@${slug}.example`;
  const created = await createShop(app, slug, email, timeZone);
  return { shop: created.shop, owner: await accept(app, created.invitationUrl, email, 'Dona Ana') };
}

/** A console call as `staff` (the CSRF header on unsafe methods unless `csrf: false`). */
export function asStaff(
  app: FastifyInstance,
  staff: Staff | null,
  options: InjectOptions & { csrf?: boolean },
) {
  const { csrf = true, ...inject } = options;
  const headers: Record<string, string> = { ...(inject.headers as Record<string, string>) };
  if (staff) headers.cookie = staff.cookie;
  if (staff && csrf) headers['x-csrf-token'] = staff.csrf;
  return app.inject({ ...inject, headers });
}

/** Delivers queued staff e-mails and answers the newest link sent to `to`. */
export async function mailedLink(db: Db, app: FastifyInstance, to: string): Promise<string> {
  await drainOutbox(db, fakeRegistry(), { retryBaseMs: 0, jobs: staffEmailJobs(db, app.config) });
  const [mail] = readFakeMailbox(to);
  expect(mail, `mail to ${to}`).toBeDefined();
  const url = /(http\S+#[A-Za-z0-9_-]{43})/.exec(mail!.text)?.[1];
  expect(url).toBeDefined();
  return url!;
}

/** An agent of the shop, invited by its owner and signed in. */
export async function inviteAndAccept(
  app: FastifyInstance,
  db: Db,
  shop: string,
  owner: Staff,
  email: string,
  role: 'owner' | 'manager' | 'agent',
): Promise<Staff> {
  const res = await asStaff(app, owner, {
    method: 'POST',
    url: `/api/console/shops/${shop}/team/invitations`,
    payload: { email, role },
  });
  expect(res.statusCode, res.body).toBe(201);
  return accept(app, await mailedLink(db, app, email), email, `Pessoa ${role}`);
}
