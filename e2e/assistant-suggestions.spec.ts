/**
 * The assistant's suggestions from the chatbot platform (issue 19): a session minted with suggestions opens
 * 'Sugeridos' through its products-found link, those products first; suggestions replaced on the live session
 * reach the open page through the order's live stream (the tab appears; a 'Sugeridos' listing on screen follows).
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mintSessionData, PLATFORM_KEY } from './helpers';

const SCREENS = 'test-results/screens/assistant-suggestions';
type Suggestions = { productIds?: string[]; searchTerms?: string[] };

const mint = (request: APIRequestContext, suggestions?: Suggestions) =>
  mintSessionData(request, { name: 'Cliente Sugestões', ...(suggestions ? { suggestions } : {}) });

async function replace(request: APIRequestContext, code: string, suggestions: Suggestions) {
  const response = await request.put(`/api/platform/sessions/${code}/suggestions`, {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
    data: suggestions,
  });
  expect(response.status(), await response.text()).toBe(200);
}

const cardNames = (page: Page) => page.locator('#catalog-products .product-card__name');
const suggestedTab = (page: Page) => page.getByRole('tab', { name: 'Sugeridos', exact: true });

test.beforeAll(() => mkdirSync(SCREENS, { recursive: true }));

test("a link minted with suggestions opens 'Sugeridos' with those products first", async ({
  page,
  request,
}, testInfo) => {
  const minted = await mint(request, { productIds: ['P1003', 'P1001'], searchTerms: ['chocolate lacta'] });
  expect(minted.productsFoundUrl).toContain('/products-found?shop=hortifruti&channel=whatsapp#');
  await page.goto(
    new URL(minted.productsFoundUrl!).pathname +
      new URL(minted.productsFoundUrl!).search +
      new URL(minted.productsFoundUrl!).hash,
  );
  await expect(suggestedTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(cardNames(page).nth(0)).toHaveText('Maçã Fuji');
  await expect(cardNames(page).nth(1)).toHaveText('Banana Prata');
  await expect(cardNames(page).nth(2)).toContainText(/chocolate/i);
  await page.screenshot({ path: `${SCREENS}/products-found-${testInfo.project.name}.png` });
});

test('suggestions replaced on the live session: the tab appears on the open page and lists them', async ({
  page,
  request,
}, testInfo) => {
  const minted = await mint(request);
  const streaming = page.waitForResponse((res) =>
    /^\/api\/order\/[^/]+\/events$/.test(new URL(res.url()).pathname),
  );
  await page.goto(`/catalog#${minted.code}`);
  await page.getByRole('banner').locator('a[href="/catalog"]').waitFor();
  await streaming;
  await expect(page.getByRole('tab', { name: 'Todos', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(suggestedTab(page)).toHaveCount(0);

  await replace(request, minted.code, { productIds: ['P1001'] });
  await expect(suggestedTab(page)).toBeVisible();
  await suggestedTab(page).click();
  await expect(cardNames(page).nth(0)).toHaveText('Banana Prata');

  // Replaced while 'Sugeridos' is on screen: the listing follows without a click.
  await replace(request, minted.code, { productIds: ['P1003'], searchTerms: ['feijão'] });
  await expect(cardNames(page).nth(0)).toHaveText('Maçã Fuji');
  await expect(suggestedTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(cardNames(page).filter({ hasText: 'Banana Prata' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/replaced-${testInfo.project.name}.png` });

  await page.getByRole('tab', { name: 'Todos', exact: true }).click();
  await replace(request, minted.code, { productIds: [], searchTerms: [] });
  await expect(suggestedTab(page)).toHaveCount(0);
});
