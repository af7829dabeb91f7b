/**
 * Product page (/product/{id}): variants, redirectable options, inactive and restricted products, gallery,
 * sanitised description, specifications, subscriptions and the agent's send button. Products are found
 * through the catalogue API of the seeded demo shops, not hard-coded.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product } from '@vitrine/contracts/catalog';
import type { Order } from '@vitrine/contracts/order';
import { formatReais } from '@vitrine/contracts/money';
import { openStore, type SessionOptions } from './helpers';

const RANGES = { hortifruti: [1001, 1300], moda: [2001, 2100] } as const;

/** Opens the store and returns the session code (kept by the app in localStorage for later page loads). */
async function open(page: Page, request: APIRequestContext, options: SessionOptions): Promise<string> {
  const link = await openStore(page, request, options);
  return link.split('#')[1]!;
}

const auth = (code: string) => ({ authorization: `Bearer ${code}` });

/** Every product of the shop, read through `GET /api/catalog/products/byids/…` in pages of 100 ids. */
async function products(request: APIRequestContext, code: string, shop: keyof typeof RANGES) {
  const [from, to] = RANGES[shop];
  const found: Product[] = [];
  for (let start = from; start <= to; start += 100) {
    const ids = Array.from({ length: Math.min(100, to - start + 1) }, (_, i) => `P${start + i}`).join(',');
    const response = await request.get(`/api/catalog/products/byids/${ids}`, { headers: auth(code) });
    expect(response.ok(), `byids answered ${response.status()}`).toBe(true);
    found.push(...((await response.json()) as { data: { data: Product[] } }).data.data);
  }
  return found;
}

async function findProduct(
  request: APIRequestContext,
  code: string,
  shop: keyof typeof RANGES,
  predicate: (product: Product) => boolean,
): Promise<Product> {
  const product = (await products(request, code, shop)).find(predicate);
  expect(product, 'the demo data has such a product').toBeTruthy();
  return product!;
}

async function currentOrder(request: APIRequestContext, code: string): Promise<Order> {
  const response = await request.get('/api/order/current', { headers: auth(code) });
  return ((await response.json()) as { data: Order }).data;
}

const optionName = (product: Product, attributeId: string, optionId: string) =>
  product.attributes
    .find((a) => a.providerId === attributeId)!
    .options.find((o) => o.providerId === optionId)!.name;

const attributeGroup = (page: Page, name: string) =>
  page.getByRole('group', { name: new RegExp(`^${name}`) });
const addButton = (page: Page) => page.getByRole('button', { name: 'Adicionar', exact: true });

test('choosing every attribute selects the variant, sets its price and adds it to the cart', async ({
  page,
  request,
}) => {
  const code = await open(page, request, { shop: 'moda', channel: 'webchat' });
  const product = await findProduct(
    request,
    code,
    'moda',
    (p) =>
      p.isActive &&
      p.attributes.length === 2 &&
      p.attributes.every((a) => a.options.every((o) => !o.redirectable)) &&
      p.dimensions.some((d) => !d.isAvailable),
  );
  const variant = product.dimensions.find((d) => d.isAvailable)!;
  const [first, second] = product.attributes as [Product['attributes'][0], Product['attributes'][0]];

  await page.goto(`/product/${product.providerId}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(addButton(page)).toBeDisabled();
  await expect(page.getByText('Selecione as opções do produto.')).toBeVisible();

  const firstOption = attributeGroup(page, first.name).getByRole('button', {
    name: optionName(product, first.providerId, variant.map[first.providerId]!),
    exact: true,
  });
  await firstOption.click();
  await expect(firstOption).toHaveAttribute('aria-pressed', 'true');
  await expect(addButton(page)).toBeDisabled(); // one attribute is not enough

  // Options no available variant offers with the first choice are disabled.
  const unavailable = product.dimensions.filter(
    (d) => d.map[first.providerId] === variant.map[first.providerId] && !d.isAvailable,
  );
  for (const dimension of unavailable) {
    const offered = product.dimensions.some(
      (d) =>
        d.isAvailable &&
        d.map[first.providerId] === variant.map[first.providerId] &&
        d.map[second.providerId] === dimension.map[second.providerId],
    );
    if (offered) continue;
    const name = optionName(product, second.providerId, dimension.map[second.providerId]!);
    await expect(attributeGroup(page, second.name).getByRole('button', { name, exact: true })).toBeDisabled();
  }

  await attributeGroup(page, second.name)
    .getByRole('button', {
      name: optionName(product, second.providerId, variant.map[second.providerId]!),
      exact: true,
    })
    .click();
  const footer = page.getByRole('region', { name: 'Comprar' });
  await expect(footer).toContainText(formatReais(variant.promotionalPrice ?? variant.priceDefault));
  await expect(addButton(page)).toBeEnabled();

  // Clicking the selected option deselects it.
  await firstOption.click();
  await expect(firstOption).toHaveAttribute('aria-pressed', 'false');
  await expect(addButton(page)).toBeDisabled();
  await firstOption.click();

  await page.getByRole('button', { name: 'Adicionar mais um item' }).click();
  await addButton(page).click();
  await expect(page.getByText('Produto adicionado ao carrinho')).toBeVisible();
  await expect(page.getByRole('link', { name: '2 itens no carrinho' })).toBeVisible();
  const order = await currentOrder(request, code);
  expect(order.items.map(({ sku, quantity }) => ({ sku, quantity }))).toEqual([
    { sku: variant.sku, quantity: 2 },
  ]);
});

test('a redirectable option reloads the product under its variant id', async ({ page, request }) => {
  const code = await open(page, request, { shop: 'moda', channel: 'webchat' });
  let option: { attribute: string; id: string; name: string } | null = null;
  const product = await findProduct(request, code, 'moda', (p) => {
    for (const attribute of p.attributes) {
      for (const candidate of attribute.options) {
        const available = p.dimensions.some(
          (d) => d.isAvailable && d.map[attribute.providerId] === candidate.providerId,
        );
        if (p.isActive && candidate.redirectable && available) {
          option = { attribute: attribute.name, id: candidate.providerId, name: candidate.name };
          return true;
        }
      }
    }
    return false;
  });
  const chosen = option as unknown as { attribute: string; id: string; name: string };

  await page.goto(`/product/${product.providerId}`);
  await attributeGroup(page, chosen.attribute)
    .getByRole('button', { name: chosen.name, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.providerId}Variant=${chosen.id}$`));
  await expect(
    attributeGroup(page, chosen.attribute).getByRole('button', { name: chosen.name, exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
});

test('an inactive product reads as out of stock and cannot be added', async ({ page, request }) => {
  const code = await open(page, request, { shop: 'hortifruti' });
  const product = await findProduct(request, code, 'hortifruti', (p) => !p.isActive);
  await page.goto(`/product/${product.providerId}`);
  await expect(page.getByText('Este produto está indisponível no estoque')).toBeVisible();
  await expect(addButton(page)).toHaveCount(0);
});

test('a restricted-sale product: customers cannot add it, agents can and may send it', async ({
  page,
  request,
  browser,
}) => {
  const code = await open(page, request, { shop: 'hortifruti' });
  const product = await findProduct(request, code, 'hortifruti', (p) => p.isActive && p.isRestrictedSale);
  await page.goto(`/product/${product.providerId}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(addButton(page)).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Quantidade' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Adicionar mais um item' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enviar detalhes do produto' })).toHaveCount(0);

  const agent = await browser.newPage();
  await open(agent, request, { shop: 'hortifruti', type: 'agent' });
  await agent.route('**/api/order/send/product/**', (route) =>
    route.fulfill({ json: { success: true, data: null, errors: [] } }),
  );
  await agent.goto(`/product/${product.providerId}`);
  await expect(addButton(agent)).toBeEnabled();
  const sent = agent.waitForRequest((r) => r.url().includes(`/api/order/send/product/${product.providerId}`));
  await agent.getByRole('button', { name: 'Enviar detalhes do produto' }).click();
  expect((await sent).postDataJSON()).toEqual({ providerId: product.providerId, attributes: [] });
  await expect(agent.getByText('Produto enviado para o contato')).toBeVisible();
  await agent.close();
});

test('gallery: thumbnails only with two or more images; it advances and follows thumbnails', async ({
  page,
  request,
}) => {
  // The page's own clock (time flows as usual): the pauses below are 2.6 s of its timers, run at once.
  await page.clock.install();
  const code = await open(page, request, { shop: 'hortifruti' });
  const all = await products(request, code, 'hortifruti');
  const single = all.find((p) => p.isActive && p.images.length === 1)!;
  const many = all.find((p) => p.isActive && p.images.length >= 3)!;

  await page.goto(`/product/${single.providerId}`);
  await expect(page.getByRole('heading', { level: 1, name: single.name })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Ver imagem/ })).toHaveCount(0);

  await page.goto(`/product/${many.providerId}`);
  const thumbs = page.getByRole('button', { name: /^Ver imagem/ });
  await expect(thumbs).toHaveCount(many.images.length);
  await expect(thumbs.first()).toHaveAttribute('aria-current', 'true');
  // Auto-advance (2000 ms) while neither hovered nor focused.
  await expect(thumbs.nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 4000 });
  await thumbs.nth(2).click();
  await expect(thumbs.nth(2)).toHaveAttribute('aria-current', 'true');
  const viewport = page.getByLabel(/^Imagem \d+ de \d+/);
  await viewport.press('ArrowLeft');
  await expect(thumbs.nth(1)).toHaveAttribute('aria-current', 'true');

  // A swipe to the left shows the next image.
  const box = (await viewport.boundingBox())!;
  const swipe = { pointerType: 'touch', isPrimary: true, clientY: box.y + box.height / 2 };
  await viewport.dispatchEvent('pointerdown', { ...swipe, clientX: box.x + box.width - 20 });
  await viewport.dispatchEvent('pointerup', { ...swipe, clientX: box.x + 20 });
  await expect(thumbs.nth(2)).toHaveAttribute('aria-current', 'true');

  // Focus inside pauses it; so does reduced motion, with no auto-advance at all.
  await page.clock.runFor(2600);
  await expect(thumbs.nth(2)).toHaveAttribute('aria-current', 'true');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await expect(thumbs.first()).toHaveAttribute('aria-current', 'true');
  await page.clock.runFor(2600);
  await expect(thumbs.first()).toHaveAttribute('aria-current', 'true');
});

test('descriptions are sanitised HTML; empty specifications are skipped', async ({ page, request }) => {
  const code = await open(page, request, { shop: 'hortifruti' });
  const all = await products(request, code, 'hortifruti');
  const hostile = all.find((p) => p.description?.includes('<script>'))!;
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/product/${hostile.providerId}`);
  const description = page.locator('.product__description');
  await expect(description).toContainText('Bisnaguinhas macias');
  await expect(description.locator('script, img[onerror], [onerror]')).toHaveCount(0);
  await expect(description.locator('img')).toHaveCount(0); // its junk source ('x') is dropped, not shown broken
  expect(dialogs).toEqual([]);

  const withSpecs = all.find((p) => p.isActive && p.specification.length > 0)!;
  await page.goto(`/product/${withSpecs.providerId}`);
  await expect(page.getByRole('columnheader', { name: 'Especificação' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Valor' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: withSpecs.specification[0]!.name })).toBeVisible();

  // Specifications whose values are all empty are skipped; none left reads 'Nenhuma especificação disponível'.
  await page.route(`**/api/catalog/products/${withSpecs.providerId}`, async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { data: Product };
    json.data.specification = [{ name: 'Informações adicionais', value: ['', '  '] }];
    await route.fulfill({ response, json });
  });
  await page.reload();
  await expect(page.getByText('Nenhuma especificação disponível')).toBeVisible();
  await expect(page.getByText('Informações adicionais')).toHaveCount(0);
});

test('kilo products show weight and price per kg; Assinar adds a subscription', async ({ page, request }) => {
  const code = await open(page, request, { shop: 'hortifruti' });
  const all = await products(request, code, 'hortifruti');
  const kilo = all.find((p) => p.isActive && p.soldInKilo && p.amountInKilo === 0.5)!;
  await page.goto(`/product/${kilo.providerId}`);
  await expect(page.getByText('Peso aproximado: 500 g')).toBeVisible();
  await expect(page.getByText(`Preço por kg: ${formatReais(kilo.kilogramPrice)}`)).toBeVisible();

  const subscribable = all.find((p) => p.isActive && !p.isRestrictedSale && p.subscriptionOffers.length > 0)!;
  const offer = subscribable.subscriptionOffers[0]!;
  await page.goto(`/product/${subscribable.providerId}`);
  await page.getByRole('button', { name: 'Assinar' }).click();
  await page.getByRole('menuitem', { name: /^A cada 1 Semana$/ }).click();
  await expect(page.getByText('Produto adicionado ao carrinho')).toBeVisible();
  const order = await currentOrder(request, code);
  expect(order.items[0]).toMatchObject({
    providerId: subscribable.providerId,
    subscription: offer,
    quantity: 1,
  });
});
