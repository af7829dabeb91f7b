/**
 * Cart (/order, 'Meu carrinho'): debounced quantity changes, removal, gifts, blocking messages and the
 * customer confirm (WhatsApp → wa.me, WebChat → /confirm). Lines are put in the order through the API,
 * as the catalogue would, then the cart is driven through the UI.
 */
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import type { Product } from '@vitrine/contracts/catalog';
import type { Order } from '@vitrine/contracts/order';
import { formatReais } from '@vitrine/contracts/money';
import { openStore, type SessionOptions } from './helpers';

const auth = (code: string) => ({ authorization: `Bearer ${code}` });

async function open(page: Page, request: APIRequestContext, options: SessionOptions): Promise<string> {
  const link = await openStore(page, request, options);
  return link.split('#')[1]!;
}

/** Active, unrestricted, single-variant hortifruti products sold by unit, cheapest first. */
async function groceries(request: APIRequestContext, code: string): Promise<Product[]> {
  const ids = Array.from({ length: 100 }, (_, i) => `P${1101 + i}`).join(',');
  const response = await request.get(`/api/catalog/products/byids/${ids}`, { headers: auth(code) });
  const { data } = (await response.json()) as { data: { data: Product[] } };
  return data.data
    .filter((p) => p.isActive && !p.isRestrictedSale && !p.soldInKilo && p.dimensions.length === 0)
    .sort((a, b) => a.price - b.price);
}

async function setItem(request: APIRequestContext, code: string, providerId: string, quantity: number) {
  const response = await request.post('/api/order/items/', {
    headers: auth(code),
    data: { providerId, quantity },
  });
  expect(response.ok(), `POST /api/order/items/ answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: Order }).data;
}

async function currentOrder(request: APIRequestContext, code: string): Promise<Order> {
  const response = await request.get('/api/order/current', { headers: auth(code) });
  return ((await response.json()) as { data: Order }).data;
}

const price = (p: Product) => p.promotionalPrice ?? p.price;
/** The cart's line of a product (not a toast that names it). */
const lineOf = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Itens do pedido' }).getByRole('listitem').filter({ hasText: name });
const itemCalls = (requests: Request[]) => requests.filter((r) => r.url().endsWith('/api/order/items/'));

async function openCart(page: Page) {
  await page.goto('/order');
  await expect(page.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
}

test('quantity changes are sent once, one second after the last click', async ({ page, request }) => {
  const code = await open(page, request, { shop: 'hortifruti', channel: 'webchat' });
  const [product] = await groceries(request, code);
  await setItem(request, code, product!.providerId, 1);
  await openCart(page);
  const requests: Request[] = [];
  const sentAt = new Map<Request, number>();
  page.on('request', (r) => {
    requests.push(r);
    sentAt.set(r, Date.now());
  });

  const row = lineOf(page, product!.name);
  const plus = row.getByRole('button', { name: 'Adicionar mais um item' });
  await plus.click();
  await plus.click();
  await plus.click();
  const lastClick = Date.now();
  await expect(row.getByRole('textbox', { name: 'Quantidade' })).toHaveValue('4');

  const sent = await page.waitForRequest((r) => r.url().endsWith('/api/order/items/'));
  // Debounced: one call, about a second after the last click (timed from when the click returned, so a
  // little less than the real 1000 ms on a busy machine).
  expect(sentAt.get(sent)! - lastClick).toBeGreaterThanOrEqual(700);
  expect(itemCalls(requests)).toHaveLength(1);
  expect(sent.postDataJSON()).toMatchObject({ providerId: product!.providerId, quantity: 4 });
  await expect(row).toContainText(formatReais(Math.round(price(product!) * 400) / 100));
  await page.waitForTimeout(1200);
  expect(itemCalls(requests)).toHaveLength(1);
  expect((await currentOrder(request, code)).items[0]!.quantity).toBe(4);

  // Typing works too: the input's last value wins.
  const input = row.getByRole('textbox', { name: 'Quantidade' });
  await input.fill('7');
  await input.press('Enter');
  await expect.poll(async () => (await currentOrder(request, code)).items[0]!.quantity).toBe(7);
});

test('removing a line takes it out of the cart; an empty cart links back to the catalogue', async ({
  page,
  request,
}) => {
  const code = await open(page, request, { shop: 'hortifruti', channel: 'webchat' });
  const [first, second] = await groceries(request, code);
  await setItem(request, code, first!.providerId, 1);
  await setItem(request, code, second!.providerId, 2);
  await openCart(page);

  await page.getByRole('button', { name: `Remover ${first!.name} do carrinho` }).click();
  await expect(lineOf(page, first!.name)).toHaveCount(0);
  await expect
    .poll(async () => (await currentOrder(request, code)).items.map((i) => i.providerId))
    .toEqual([second!.providerId]);

  await page.getByRole('button', { name: `Remover ${second!.name} do carrinho` }).click();
  await expect(page.getByText('Seu carrinho está vazio')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao catálogo' }).click();
  await expect(page).toHaveURL(/\/catalog/);
});

test('typing 0 removes the line with an undo toast; Desfazer puts it back as it was', async ({
  page,
  request,
}) => {
  const code = await open(page, request, { shop: 'hortifruti', channel: 'webchat' });
  const [first, second] = await groceries(request, code);
  await setItem(request, code, first!.providerId, 3);
  await setItem(request, code, second!.providerId, 1);
  await openCart(page);

  const row = lineOf(page, first!.name);
  const input = row.getByRole('textbox', { name: 'Quantidade' });
  await input.fill('0');
  await input.press('Enter');
  await expect(row).toHaveCount(0);
  const toast = page
    .getByRole('region', { name: 'Notificações' })
    .getByRole('listitem')
    .filter({ hasText: `Removido do carrinho: ${first!.name}` });
  await expect(toast).toBeVisible();
  await expect
    .poll(async () => (await currentOrder(request, code)).items.map((i) => i.providerId))
    .toEqual([second!.providerId]);

  await toast.getByRole('button', { name: 'Desfazer' }).click();
  await expect(toast).toHaveCount(0);
  await expect(row.getByRole('textbox', { name: 'Quantidade' })).toHaveValue('3');
  await expect
    .poll(async () => (await currentOrder(request, code)).items.map((i) => [i.providerId, i.quantity]).sort())
    .toEqual(
      [
        [first!.providerId, 3],
        [second!.providerId, 1],
      ].sort(),
    );

  // The bin offers the same undo; 0 typed then blurred removes too.
  await page.getByRole('button', { name: `Remover ${second!.name} do carrinho` }).click();
  await expect(page.getByText(`Removido do carrinho: ${second!.name}`)).toBeVisible();
  const again = lineOf(page, first!.name).getByRole('textbox', {
    name: 'Quantidade',
  });
  await again.fill('0');
  await again.blur();
  await expect(page.getByText('Seu carrinho está vazio')).toBeVisible();
});

test('below the minimum order the blocking message disables confirm', async ({ page, request }) => {
  const code = await open(page, request, { shop: 'hortifruti', channel: 'whatsapp' });
  const [product] = await groceries(request, code);
  await setItem(request, code, product!.providerId, 1);
  await openCart(page);

  const confirm = page.getByRole('button', { name: 'Confirmar pedido e retornar ao WhatsApp' });
  await expect(page.getByText('Atenção:')).toBeVisible();
  await expect(page.getByText(`O valor mínimo do seu pedido é ${formatReais(30)}`)).toBeVisible();
  await expect(confirm).toBeDisabled();

  const enough = Math.ceil(30 / price(product!));
  const input = page.getByRole('textbox', { name: 'Quantidade' });
  await input.fill(String(enough));
  await input.blur();
  await expect(page.getByText('Atenção:')).toHaveCount(0);
  await expect(confirm).toBeEnabled();
});

test('gifts: each group allows up to its quantity and sends the full selection', async ({
  page,
  request,
}) => {
  const code = await open(page, request, { shop: 'hortifruti', channel: 'webchat' });
  const products = await groceries(request, code);
  const expensive = products.at(-1)!;
  await setItem(request, code, expensive.providerId, Math.ceil(110 / price(expensive)));
  const order = await currentOrder(request, code);
  // The hortifruti gift rules (db/seed/gifts.ts) must be part of the demo seed the server runs at start.
  test.skip(order.gifts.length === 0, 'no gift groups: the demo seed has no gift rules (seedGifts not run)');
  const group = [...order.gifts].sort((a, b) => b.availableQuantity - a.availableQuantity)[0]!;
  const position = order.gifts.indexOf(group);
  await openCart(page);

  await page.getByRole('tab', { name: `Brindes ${String(position + 1).padStart(2, '0')}` }).click();
  const panel = page.getByRole('tabpanel');
  const gifts = group.availableGifts.map((gift) => panel.getByRole('button', { name: gift.name }));
  for (let i = 0; i < group.availableQuantity; i++) {
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/order/gift/'));
    await gifts[i]!.click();
    expect((await sent).postDataJSON()).toMatchObject({
      id: group.id,
      selectedGifts: group.availableGifts
        .slice(0, i + 1)
        .map((gift) => expect.objectContaining({ id: gift.id })),
    });
    await expect(gifts[i]!).toHaveAttribute('aria-pressed', 'true');
  }
  // Full: the remaining gifts are disabled; the chosen ones show as free lines that cannot be removed.
  for (const extra of gifts.slice(group.availableQuantity)) await expect(extra).toBeDisabled();
  const giftLine = page.getByRole('listitem').filter({ hasText: group.availableGifts[0]!.name }).filter({
    hasText: 'Brinde',
  });
  await expect(giftLine.first()).toContainText('Grátis');
  await expect(
    page.getByRole('button', { name: `Remover ${group.availableGifts[0]!.name} do carrinho` }),
  ).toHaveCount(0);

  await gifts[0]!.click();
  await expect(gifts[0]!).toHaveAttribute('aria-pressed', 'false');
  if (gifts.length > group.availableQuantity) await expect(gifts[group.availableQuantity]!).toBeEnabled();
});

test('WhatsApp confirm goes to the shop chat with the callback message', async ({ page, request }) => {
  const code = await open(page, request, { shop: 'hortifruti', channel: 'whatsapp' });
  const [product] = await groceries(request, code);
  await setItem(request, code, product!.providerId, Math.ceil(30 / price(product!)));
  const settings = (
    (await (await request.get('/api/shop/settings', { headers: auth(code) })).json()) as {
      data: { whatsApp: string; webCatalogCallbackMessage: string };
    }
  ).data;
  await page.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title><p>WhatsApp</p>' }),
  );
  await openCart(page);

  const chat = page.waitForRequest((r) => r.url().startsWith('https://wa.me/'));
  await page.getByRole('button', { name: 'Confirmar pedido e retornar ao WhatsApp' }).click();
  const url = new URL((await chat).url());
  expect(url.pathname).toBe(`/${settings.whatsApp.replace(/\D/g, '')}`);
  expect(url.searchParams.get('text')).toBe(settings.webCatalogCallbackMessage);
  const confirmed = (await request
    .get('/api/order/current', { headers: auth(code) })
    .then((r) => r.json())) as {
    data: Order;
  };
  expect(confirmed.data.items).toHaveLength(0); // the confirmed order is no longer the current one
});

test('WebChat confirm opens the confirmation page', async ({ page, request }) => {
  const code = await open(page, request, { shop: 'hortifruti', channel: 'webchat' });
  const [product] = await groceries(request, code);
  await setItem(request, code, product!.providerId, Math.ceil(30 / price(product!)));
  await openCart(page);
  await page.getByRole('button', { name: 'Confirmar pedido', exact: true }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByRole('heading', { name: 'Itens adicionados ao pedido' })).toBeVisible();
});

test('agents see a link to their checkout instead of the confirm button', async ({ page, request }) => {
  const code = await open(page, request, { shop: 'hortifruti', type: 'agent' });
  const [product] = await groceries(request, code);
  await setItem(request, code, product!.providerId, 2);
  await openCart(page);
  await expect(lineOf(page, product!.name)).toBeVisible();
  await expect(page.getByRole('button', { name: /Confirmar pedido/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ir para o checkout' }).click();
  await expect(page).toHaveURL(/\/order\/checkout$/);
});
