import { expect, type Page } from '@playwright/test';
import { recordSecret } from './helpers';

/** A new shop and its owner's invitation: what the platform API takes to create one. */
export type NewShop = { slug: string; name: string; owner: { email: string; name: string } };

/**
 * Creates a shop through the platform API of the server at `origin` (with its platform `key`) and answers the
 * owner's invitation link; the link's token is recorded as a secret (never in logs or reports).
 */
export async function createShop(origin: string, key: string, shop: NewShop): Promise<string> {
  const created = await fetch(`${origin}/api/platform/shops`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(shop),
  });
  expect(created.status).toBe(201);
  const { invitationUrl } = ((await created.json()) as { data: { invitationUrl: string } }).data;
  recordSecret(invitationUrl.split('#')[1]!);
  return invitationUrl;
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
