/**
 * Tray authorization pages against a fake Tray started here on 127.0.0.1: the callback's `api_address`
 * points the (demo-mode) server at it, as the real Tray would point it at the store's API.
 * Each project links its own demo shop and store, and the fake store's catalogue (categories included) is
 * empty, so the demo catalogues the other specs read are left as they are.
 */
import { expect, test, type Page } from '@playwright/test';
import { recordSecret } from './helpers';
import { FakeTrayServer } from '../apps/server/src/adapters/tray/fake-tray-server.ts';
import {
  DEMO_TRAY_CHATBOT_TOKEN,
  DEMO_TRAY_CONSUMER_KEY,
  DEMO_TRAY_CONSUMER_SECRET,
} from '../apps/server/src/config.ts';

test.describe.configure({ mode: 'serial' });

let fake: FakeTrayServer;
let shop = 'hortifruti';

test.beforeAll(async () => {
  const testInfo = test.info();
  shop = testInfo.project.name === 'mobile' ? 'moda' : 'hortifruti';
  fake = await FakeTrayServer.start({
    consumerKey: DEMO_TRAY_CONSUMER_KEY,
    consumerSecret: DEMO_TRAY_CONSUMER_SECRET,
    // A fresh store per run (and per retry): the server keeps its links between attempts.
    storeId: String(700_000 + Math.floor(Math.random() * 200_000)),
    // Nothing to import (no categories either): the server's worker imports it into a demo shop.
    catalog: { categories: [], products: [] },
  });
});
test.afterAll(() => {
  recordSecret(...fake.issued); // the tokens are kept encrypted: the secrets scan looks for them in clear
  return fake.close();
});

function callbackPath(withStore: boolean) {
  const query = new URLSearchParams({
    adm_user: 'admin',
    code: fake.issueCode(),
    api_address: fake.apiAddress,
    store_host: fake.origin,
    ...(withStore ? { store: fake.storeId } : {}),
  });
  return `/tray/register/callback?${query.toString()}`;
}

const idField = (page: Page) => page.getByLabel('ID', { exact: true });
const tokenField = (page: Page) => page.getByLabel('Token', { exact: true });
const linkButton = (page: Page) => page.getByRole('button', { name: /Vincular com a Suri|Vinculando\.\.\./ });

test('the register page sends the browser to the store authorization address', async ({ page, baseURL }) => {
  await page.route('https://loja-e2e.commercesuite.com.br/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Autorizar aplicativo</h1>' }),
  );
  await page.goto('/tray/register');
  await expect(page.getByRole('button', { name: 'Autorizar na Tray' })).toBeDisabled();

  await page.goto(`/tray/register?url=${encodeURIComponent('https://loja-e2e.commercesuite.com.br/')}`);
  const button = page.getByRole('button', { name: 'Autorizar na Tray' });
  await expect(button).toBeEnabled();
  const [request] = await Promise.all([page.waitForRequest(/auth\.php/), button.click()]);
  const url = new URL(request.url());
  expect(`${url.origin}${url.pathname}`).toBe('https://loja-e2e.commercesuite.com.br/auth.php');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    response_type: 'code',
    consumer_key: DEMO_TRAY_CONSUMER_KEY,
    callback: `${baseURL}/tray/register/callback`,
  });
  await expect(page.getByRole('heading', { name: 'Autorizar aplicativo' })).toBeVisible();
});

test('the callback page needs both fields, shows Vinculando... and reaches done', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(callbackPath(true)); // a store that is not linked yet: the fields stay editable
  await expect(page.getByRole('heading', { name: 'Vincular loja Tray' })).toBeVisible();
  await expect(linkButton(page)).toBeDisabled();
  await idField(page).fill(shop);
  await expect(linkButton(page)).toBeDisabled();
  await tokenField(page).fill('token-errado-0000');
  await expect(tokenField(page)).toHaveAttribute('type', 'password');
  await expect(linkButton(page)).toBeEnabled();
  await idField(page).fill('');
  await expect(linkButton(page)).toBeDisabled();
  await idField(page).fill(shop);

  // A wrong token: the failure is only logged and the button comes back.
  await linkButton(page).click();
  await expect
    .poll(() => errors.join('\n'))
    .toContain('Falha ao vincular loja: ID ou token do chatbot inválidos.');
  await expect(linkButton(page)).toHaveText('Vincular com a Suri');
  await expect(linkButton(page)).toBeEnabled();

  await tokenField(page).fill(DEMO_TRAY_CHATBOT_TOKEN);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/tray/link-store', async (route) => {
    await held;
    await route.continue();
  });
  await linkButton(page).click();
  await expect(linkButton(page)).toHaveText('Vinculando...');
  await expect(linkButton(page)).toBeDisabled();
  release();
  await expect(page.getByRole('heading', { name: 'Loja vinculada com sucesso' })).toBeVisible();
  await expect(page.locator('[data-link-state="done"]')).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    /Importação do catálogo na fila|Importando o catálogo|Catálogo importado/,
  );
  expect(fake.stats.exchanges).toBe(1);
});

test('with a store already linked the fields are prefilled, masked and locked', async ({ page }) => {
  await page.goto(callbackPath(true));
  await expect(idField(page)).toHaveValue(shop);
  await expect(idField(page)).not.toBeEditable();
  await expect(tokenField(page)).toHaveAttribute('type', 'password');
  await expect(tokenField(page)).not.toHaveValue('');
  await expect(tokenField(page)).not.toBeEditable();
  await expect(linkButton(page)).toBeEnabled();
  await linkButton(page).click();
  await expect(page.getByRole('heading', { name: 'Loja vinculada com sucesso' })).toBeVisible();
  expect(fake.stats.exchanges).toBe(2);
});
