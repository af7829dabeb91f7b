import { expect, type Page } from '@playwright/test';
import { recordSecret } from './helpers';
import { startPrivateServerWithShop } from './prepared-server';
import type { PrivateServer } from './private-server';

/** A new shop and its owner's invitation: what the platform API takes to create one. */
export type NewShop = { slug: string; name: string; owner: { email: string; name: string } };

/**
 * Creates a shop through the platform API of the server at `origin` (with its platform `key`) and answers its id
 * and the owner's invitation link; the link's token is recorded as a secret (never in logs or reports).
 */
export async function createShopWithId(
  origin: string,
  key: string,
  shop: NewShop,
): Promise<{ shopId: string; invitationUrl: string }> {
  const created = await fetch(`${origin}/api/platform/shops`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(shop),
  });
  expect(created.status).toBe(201);
  const { data } = (await created.json()) as { data: { shop: { id: string }; invitationUrl: string } };
  recordSecret(data.invitationUrl.split('#')[1]!);
  return { shopId: data.shop.id, invitationUrl: data.invitationUrl };
}

/** createShopWithId's invitation link alone. */
export async function createShop(origin: string, key: string, shop: NewShop): Promise<string> {
  return (await createShopWithId(origin, key, shop)).invitationUrl;
}

/** The owner opens the invitation, names themself, creates `password` and lands on the shop's 'Início'. */
export async function acceptInvitation(page: Page, invitationUrl: string, name: string, password: string) {
  await page.goto(invitationUrl);
  await page.getByLabel('Seu nome').fill(name);
  await page.getByLabel('Crie uma senha').fill(password);
  await page.getByLabel('Repita a senha').fill(password);
  await page.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(page.getByRole('heading', { name: 'Início' })).toBeVisible();
}

/** CONSOLE_SHOTS=<dir>: the whole page at 1366 and 375 px into `<dir>/<name>-<width>.png`; back at the size before. */
export async function shotBoth(page: Page, name: string) {
  const dir = process.env.CONSOLE_SHOTS;
  if (!dir) return;
  const before = page.viewportSize() ?? { width: 1366, height: 860 };
  for (const [width, height] of [
    [1366, 860],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(before);
}

/**
 * CONSOLE_SHOTS=<dir>: the whole page at the project's size into `<dir>/<name>-<width>.png` — a phone's as 375, the
 * desktop's widened to 1366 × 860 first (and left there).
 */
export async function shotAtProjectSize(page: Page, name: string) {
  const dir = process.env.CONSOLE_SHOTS;
  if (!dir) return;
  const width = page.viewportSize()!.width > 800 ? 1366 : 375;
  if (width === 1366) await page.setViewportSize({ width, height: 860 });
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
}

/**
 * A journey's start: a private server `serverName` with a brand-new shop (created through the platform API), its
 * data written by `seed` before the server's one start (e2e/prepared-server.ts), and its owner signed in on the
 * shop's 'Início'. Answers the running server.
 */
export async function ownerOnNewShop(
  page: Page,
  options: {
    serverName: string;
    slug: string;
    shopName: string;
    owner: { name: string; password: string };
    seed?: (dataDir: string) => Promise<void>;
  },
): Promise<PrivateServer> {
  const { serverName, slug, shopName, owner, seed } = options;
  recordSecret(owner.password);
  const { server, invitationUrl } = await startPrivateServerWithShop(
    serverName,
    { slug, name: shopName, owner: { email: `dona@${slug}.example`, name: owner.name } },
    seed,
  );
  await acceptInvitation(page, invitationUrl, owner.name, owner.password);
  return server;
}
