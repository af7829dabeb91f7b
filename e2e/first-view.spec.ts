/**
 * The server's first view (docs/decisions/0019-first-view-html.md): a link that names the shop arrives with the
 * catalogue drawn, React takes it over without moving anything, and older links, bad codes and hash choices behave
 * as before.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cardPrices } from '@vitrine/contracts/card-prices';
import type { Product } from '@vitrine/contracts/catalog';
import { formatReais } from '@vitrine/contracts/money';
import { mintSession, mintSessionData, PLATFORM_KEY } from './helpers';

/** The platform API's own link for a new contact session (with `?shop=`), as a path. */
async function platformLink(request: APIRequestContext): Promise<{ path: string; code: string }> {
  const data = await mintSessionData(request, { name: 'Cliente Primeira Vista' });
  const url = new URL(data.url);
  return { path: `${url.pathname}${url.search}${url.hash}`, code: data.code };
}

/** The first card of the catalogue as the API gives it to that session. */
async function firstTopSeller(request: APIRequestContext, code: string): Promise<Product> {
  const response = await request.get('/api/catalog/top?pageNumber=0&perPage=10', {
    headers: { authorization: `Bearer ${code}` },
  });
  return ((await response.json()) as { data: { data: Product[] } }).data.data[0]!;
}

/** Sum of the layout shifts the page has recorded so far. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((done) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => done(total), 100);
      }),
  );

test('the platform link names the shop and its HTML already holds the first card, name and price', async ({
  request,
}) => {
  const { path, code } = await platformLink(request);
  expect(path).toMatch(/^\/catalog\?shop=hortifruti&channel=whatsapp#[A-Za-z0-9_-]+$/);
  const first = await firstTopSeller(request, code);
  const html = await (await request.get(path.split('#')[0]!)).text();
  const view = html.slice(html.indexOf('id="first-view"'), html.indexOf('id="root"'));
  expect(view).toContain(`>${first.name}</a>`);
  expect(view).toContain(formatReais(cardPrices(first).current));
});

test('with JavaScript off the first view is the catalogue', async ({ browser, request }) => {
  const { path, code } = await platformLink(request);
  const first = await firstTopSeller(request, code);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('link', { name: first.name }).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Todos' })).toHaveAttribute('aria-selected', 'true');
  await context.close();
});

test('React takes the first view over without a layout shift', async ({ page, request }) => {
  const { path, code } = await platformLink(request);
  const first = await firstTopSeller(request, code);
  await page.goto(path);
  await expect(page.locator('#first-view')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: first.name }).first()).toBeVisible();
  await expect(page.getByRole('banner').locator('a[href="/catalog"]')).toBeVisible();
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  // The cards are React's now: adding works.
  await page.getByRole('button', { name: `Adicionar ${first.name} ao carrinho` }).click();
  await expect(page.getByRole('link', { name: /1 item no carrinho/ })).toBeVisible();
});

test('an old link without the shop is answered as before', async ({ page, request }) => {
  const link = await mintSession(request);
  const html = await (await request.get('/catalog')).text();
  expect(html).not.toContain('id="first-view"');
  await page.goto(link);
  await expect(page.getByRole('banner').locator('a[href="/catalog"]')).toBeVisible();
  await expect(page.locator('.product-card').first()).toBeVisible();
});

test('an invalid code behind a first view still lands on Sessão Inválida', async ({ page }) => {
  await page.goto('/catalog?shop=hortifruti#codigo-que-nao-existe-123456');
  await expect(page.getByRole('heading', { name: 'Sessão Inválida' })).toBeVisible();
  expect(page.url()).toContain('/invalid-session');
  await expect(page.locator('#first-view')).toHaveCount(0);
});

test('an older link that opens a category only in the hash skips the first view', async ({
  page,
  request,
}) => {
  const { path, code } = await platformLink(request);
  const categories = await request.get('/api/catalog/categories?perPage=50', {
    headers: { authorization: `Bearer ${code}` },
  });
  const category = ((await categories.json()) as { data: { providerId: string; name: string }[] }).data[1]!;
  await page.goto(`${path}?catalogType=ShowCategory&catalogId=${encodeURIComponent(category.providerId)}`);
  await expect(page.getByRole('tab', { name: category.name })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#first-view')).toHaveCount(0);
});

/** A contact link that opens `type`/`id`, in its query (for the server) and its hash query (for the web app). */
function choiceLink(path: string, type: string, id: string): string {
  const [page, code] = path.split('#') as [string, string];
  const choice = new URLSearchParams({ catalogType: type, catalogId: id }).toString();
  return `${page}&${choice}#${code}?${choice}`;
}

/** The product names of the cards on screen, in order (the first view's or React's). */
const cardNames = (page: Page, scope: string) => page.locator(`${scope} .product-card__name`).allInnerTexts();

for (const choice of [
  { name: 'the last category', type: 'ShowCategory' },
  { name: 'a search', type: 'ShowQuery', id: 'banana' },
]) {
  test(`a link that opens ${choice.name} arrives drawn, and React takes it over unchanged`, async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const { path, code } = await platformLink(request);
    const categories = await request.get('/api/catalog/categories?perPage=50', {
      headers: { authorization: `Bearer ${code}` },
    });
    const tabs = ((await categories.json()) as { data: { providerId: string; name: string }[] }).data;
    const last = tabs.filter((tab) => !tab.providerId.startsWith('COLLECTION_')).at(-1)!;
    const link = choiceLink(path, choice.type, choice.id ?? last.providerId);

    // Without JavaScript: the chosen listing, its tab selected (scrolled into view) or the search heading.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
    const still = await context.newPage();
    await still.goto(link);
    const drawn = await cardNames(still, '#first-view');
    expect(drawn.length).toBeGreaterThan(0);
    if (choice.id) {
      await expect(still.getByText(`Buscando por "${choice.id}"`)).toBeVisible();
      await expect(still.getByRole('searchbox', { name: 'Pesquisar por produto' })).toHaveValue(choice.id);
    } else await expect(still.getByRole('tab', { name: last.name })).toHaveAttribute('aria-selected', 'true');
    await still.screenshot({ path: testInfo.outputPath('no-javascript.png') });
    await context.close();

    // The first view as it paints (its inline script ran, the app's JS not yet): where its tab strip stands.
    const held = await browser.newContext({ viewport: page.viewportSize() });
    const early = await held.newPage();
    await early.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await early.goto(link);
    const stripOf = (p: Page) =>
      p.locator('.tabs__list').evaluateAll((lists) => lists.map((list) => list.scrollLeft));
    const drawnStrip = await stripOf(early);
    if (!choice.id) await expect(early.getByRole('tab', { name: last.name })).toBeInViewport();
    await held.close();

    // With JavaScript: React's page takes its place with the same cards, nothing moved.
    await page.goto(link);
    await expect(page.locator('#first-view')).toHaveCount(0);
    await expect(page.locator('#root .product-card__name').first()).toBeVisible();
    expect(await cardNames(page, '#root')).toEqual(drawn);
    if (choice.id) await expect(page.getByText(`Buscando por "${choice.id}"`)).toBeVisible();
    else {
      const tab = page.getByRole('tab', { name: last.name });
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(tab).toBeInViewport();
      expect(await stripOf(page)).toEqual(drawnStrip); // the strip did not jump when React took over
    }
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
    await page.screenshot({ path: testInfo.outputPath('taken-over.png') });
  });
}

test('a product link arrives drawn (name, price, image) and React takes it over without a shift', async ({
  page,
  request,
  browser,
}) => {
  const { code } = await platformLink(request);
  const response = await request.get('/api/catalog/products/P1001', {
    headers: { authorization: `Bearer ${code}` },
  });
  const product = ((await response.json()) as { data: Product }).data;
  const path = `/product/P1001?shop=hortifruti#${code}`;
  const html = await (await request.get(path.split('#')[0]!)).text();
  const view = html.slice(html.indexOf('id="first-view"'), html.indexOf('id="root"'));
  expect(view).toContain(`>${product.name}</h1>`);
  expect(view).toContain(formatReais(product.price));
  expect(view).toContain(`src="${product.images[0]!.url.replaceAll('&', '&amp;')}"`);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const still = await context.newPage();
  await still.goto(path);
  await expect(still.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(still.getByText(formatReais(product.price), { exact: true })).toBeVisible();
  await context.close();

  await page.goto(path);
  await expect(page.locator('#first-view')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByRole('link', { name: /1 item no carrinho/ })).toBeVisible();
});

test("an Instagram contact's first view is drawn in the channel's own colours, as React then draws it", async ({
  page,
  request,
}) => {
  const response = await request.post('/api/platform/sessions', {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
    data: {
      shop: 'hortifruti',
      sessionType: 'contact',
      channelType: 'instagram',
      contact: { name: 'Cliente Instagram', phone: `119${Math.floor(Math.random() * 1e8)}` },
    },
  });
  const url = new URL(((await response.json()) as { data: { url: string } }).data.url);
  expect(url.search).toBe('?shop=hortifruti&channel=instagram');
  const primary = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());
  const html = await (await request.get(`${url.pathname}${url.search}`)).text();
  const drawn = [...html.matchAll(/--primary:([^;}]+)/g)].at(-1)?.[1]; // the shop's, after the tokens' default
  await page.goto(`${url.pathname}${url.search}${url.hash}`);
  await expect(page.locator('#first-view')).toHaveCount(0);
  expect(await primary()).toBe(drawn); // React's channel colour is the one the server drew
});
