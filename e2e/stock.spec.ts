import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { ownerOnNewShop } from './console-owner';
import { recordSecret } from './helpers';
import { PRIVATE_PLATFORM_KEY, type PrivateServer } from './private-server';
import { addProductAndDelivery } from './shop-data';

/**
 * Stock that never oversells, through the browser at 375 px (issue 31): the owner turns 'Controlar estoque' on and
 * counts 2 with a reason; a shopper asks for a third and reads 'Só restam 2 unidades de …'; another shopper's
 * confirm takes the last two, so the first one's cart line is flagged and her confirm refused; the product reads
 * 'Indisponível'; the owner finds it under 'Baixo estoque' (and the board's note), counts again with a note, sees
 * the movements (reason, who, the order), the list's columns, and adjusts the list's selection at once.
 * Desktop project only (one journey at 375 px); STOCK_SHOTS=<dir> saves the screens at 375 and 1366 px.
 */
const SLUG = 'emporio-estoque';
const PRODUCT = { providerId: 'AZEITE-1', name: 'Azeite Extra Virgem 500 ml', priceCents: 4_590 };
const OWNER = { name: 'Dona Rosa', password: 'senha-da-dona-estoque' };
const SHORT = `Só restam 2 unidades de ${PRODUCT.name}.`;
const GONE = `Não há mais ${PRODUCT.name} em estoque.`;

let server: PrivateServer;
test.afterAll(async () => server?.stop());

/** The screen (or `part` of it) at 375 and 1366 px into STOCK_SHOTS, back at 375 after. */
async function shot(page: Page, name: string, part?: Locator) {
  const dir = process.env.STOCK_SHOTS;
  if (!dir) return;
  for (const [width, height] of [
    [1366, 860],
    [375, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    const path = `${dir}/${name}-${width}.png`;
    if (part) await part.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
}

/** A contact session minted through the platform API, as the chatbot does. */
async function contactCode(phone: string): Promise<string> {
  const minted = await fetch(`${server.origin}/api/platform/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PRIVATE_PLATFORM_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      shop: SLUG,
      sessionType: 'contact',
      channelType: 'whatsapp',
      contact: { name: `Cliente ${phone.slice(-4)}`, phone },
    }),
  });
  expect(minted.status).toBe(201);
  const { code } = ((await minted.json()) as { data: { code: string } }).data;
  recordSecret(code);
  return code;
}

/** The editor's stock block and one of its rows' inline count, with its reason. */
async function count(page: Page, amount: string, note: string) {
  const block = page.getByRole('group', { name: 'Estoque', exact: true });
  await block.getByRole('button', { name: `Ajustar estoque de ${PRODUCT.name}` }).click();
  await block.getByLabel('Novo estoque').fill(amount);
  await block.getByLabel('Motivo do ajuste').fill(note);
  await block.getByRole('button', { name: 'Salvar ajuste' }).click();
  await expect(page.getByText('Estoque ajustado.')).toBeVisible();
  return block;
}

test('a shop with 2 left never sells 3: the shopper is told, the second cart is flagged, the owner counts again', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one journey, at 375 px on its own');
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 375, height: 740 });
  server = await ownerOnNewShop(page, {
    serverName: 'stock',
    slug: SLUG,
    shopName: 'Empório Estoque',
    owner: OWNER,
    seed: (dataDir) => addProductAndDelivery(dataDir, SLUG, PRODUCT),
  });
  const at = (path: string) => `${server.origin}${path}`;
  const editor = at(`/console/lojas/${SLUG}/catalogo/produtos/${PRODUCT.providerId}`);

  // The owner tracks the product, low from 1, and counts 2 with a reason.
  await page.goto(editor);
  await page.locator('summary', { hasText: 'Estoque' }).click(); // folded on a phone (issue 38)
  const block = page.getByRole('group', { name: 'Estoque', exact: true });
  await block.getByLabel('Controlar estoque').check();
  await block.getByLabel('Alerta de estoque baixo (unidades)').fill('1');
  await block.getByRole('button', { name: 'Salvar controle de estoque' }).click();
  await expect(page.getByText('Controle de estoque salvo.')).toBeVisible();
  await count(page, '2', 'Contagem inicial');
  const row = block.getByRole('row').filter({ hasText: PRODUCT.name });
  await expect(row.getByRole('cell').first()).toHaveText('2');
  await expectNoSeriousViolations(page, 'editor stock block');
  await shot(page, 'editor-stock-block', block);

  // Shopper 1 adds 2 and cannot ask for a third.
  const first = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  await first.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>WhatsApp</p>' }),
  );
  await first.goto(at(`/catalog#${await contactCode('5511987651001')}`));
  const add = first.getByRole('button', { name: `Adicionar ${PRODUCT.name} ao carrinho` });
  await add.click();
  await expect(add).toBeEnabled();
  await add.click();
  await expect(first.getByText(SHORT)).toBeVisible();
  await expect(add).toBeDisabled();

  // Shopper 2 confirms 2 through the API: the last ones are held.
  const second = await contactCode('5511987651002');
  const asSecond = (path: string, init: RequestInit = {}) =>
    fetch(at(path), {
      ...init,
      headers: { authorization: `Bearer ${second}`, 'content-type': 'application/json' },
    });
  const put = await asSecond('/api/order/items/', {
    method: 'POST',
    body: JSON.stringify({ providerId: PRODUCT.providerId, quantity: 2 }),
  });
  expect(put.status).toBe(200);
  expect((await asSecond('/api/order/confirm')).status).toBe(200);

  // Shopper 1's line is flagged and her confirm refused; nothing goes to WhatsApp.
  await first.goto(at('/order'));
  await expect(first.getByRole('status').filter({ hasText: GONE })).toBeVisible();
  const chat: string[] = [];
  first.on('request', (r) => r.url().startsWith('https://wa.me/') && chat.push(r.url()));
  await first.getByRole('button', { name: 'Confirmar pedido e retornar ao WhatsApp' }).click();
  await expect(first.getByText(GONE).nth(1)).toBeVisible();
  expect(chat).toEqual([]);
  await first.goto(at(`/product/${PRODUCT.providerId}`));
  await expect(first.getByText('Este produto está indisponível no estoque')).toBeVisible();
  await shot(first, 'storefront-sold-out');

  // The owner sees it low on Início and on the board, and counts again with a note.
  await page.goto(at(`/console/lojas/${SLUG}`));
  const low = page.getByRole('region', { name: 'Baixo estoque' });
  await expect(low.getByRole('listitem').filter({ hasText: PRODUCT.name })).toContainText(
    'Indisponível · 2 reservado(s)',
  );
  await shot(page, 'home-low-stock', low);
  await page.goto(at(`/console/lojas/${SLUG}/pedidos`));
  await expect(page.getByText('Pedidos abertos reservam itens com estoque baixo:')).toContainText(
    `${PRODUCT.name} (indisponível)`,
  );
  await page.goto(at(`/console/lojas/${SLUG}`));
  await low.getByRole('link', { name: PRODUCT.name }).click();
  await count(page, '6', 'Chegou reposição');
  await expect(row).toContainText('6');
  const history = page.getByRole('region', { name: 'Movimentações de estoque' });
  const newest = history.locator('tbody tr');
  await expect(newest.nth(0)).toContainText(/Ajuste\s*Chegou reposição.*Estoque \+4.*Dona Rosa/);
  await expect(newest.nth(1)).toContainText(/Reservado por pedido.*Reservado \+2.*Cliente/);
  await expect(newest.nth(1).getByRole('link', { name: 'Pedido nº 1' })).toBeVisible();
  await expect(newest.nth(2)).toContainText(/Contagem inicial.*Estoque \+2.*Dona Rosa/);
  await shot(page, 'editor-history', history);

  // A long history comes 50 at a time: 'Carregar mais' brings the older ones, down to the first count.
  const me = await page.request.get(at('/api/console/me'));
  const csrf = ((await me.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const stock = await page.request.get(at(`/api/console/shops/${SLUG}/stock/products/${PRODUCT.providerId}`));
  const { unitId } = ((await stock.json()) as { data: { units: { unitId: string }[] } }).data.units[0]!;
  for (let i = 0; i < 48; i++) {
    const moved = await page.request.post(at(`/api/console/shops/${SLUG}/stock/adjustments`), {
      headers: { 'x-csrf-token': csrf },
      data: { items: [{ unitId, delta: i % 2 === 0 ? 1 : -1 }], note: `Conferência ${i + 1}` },
    });
    expect(moved.status()).toBe(200);
  }
  await page.reload();
  await expect(newest).toHaveCount(50);
  await expect(history.getByText('Contagem inicial')).toHaveCount(0);
  await page.getByRole('button', { name: 'Carregar mais' }).click();
  await expect(newest).toHaveCount(51); // the first count, the hold, the second count and these 48
  await expect(newest.last()).toContainText('Contagem inicial');
  await expect(page.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);

  // The list shows on hand and available; a bulk adjustment of the selection asks first, then applies.
  await page.goto(at(`/console/lojas/${SLUG}/catalogo`));
  const listed = page.getByRole('row').filter({ hasText: PRODUCT.name });
  await expect(listed.locator('td[data-label="Estoque"]')).toHaveText('6');
  await expect(listed.locator('td[data-label="Disponível"]')).toHaveText('4');
  await shot(page, 'list-columns');
  await listed.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Ajustar estoque dos selecionados' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajustar estoque' });
  await dialog.getByLabel('Somar ou subtrair').check();
  await dialog.getByLabel('Quantidade (negativa para subtrair)').fill('-1');
  await dialog.getByLabel('Motivo do ajuste').fill('Amostra para degustação');
  await dialog.getByRole('button', { name: 'Revisar ajuste' }).click();
  await expect(dialog).toContainText('Subtrair 1 do estoque de 1 item(ns) de 1 produto(s)?');
  await dialog.getByRole('button', { name: 'Aplicar ajuste' }).click();
  await expect(page.getByText('Estoque ajustado em 1 item(ns).')).toBeVisible();
  await expect(listed.locator('td[data-label="Disponível"]')).toHaveText('3');

  // Leaving the page takes its toast along: it no longer covers the next page (issue 38).
  await page.waitForTimeout(1_100); // past the grace a navigating save's own toast gets
  await page.getByRole('link', { name: 'Pedidos', exact: true }).first().click();
  await expect(page).toHaveURL(/\/pedidos$/);
  await expect(page.getByText('Estoque ajustado em 1 item(ns).')).toHaveCount(0);
});
