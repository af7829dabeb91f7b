import { expect, test, type Page } from '@playwright/test';
import type { Order } from '@vitrine/contracts/order';
import { PAULISTA_ADDRESS } from '../apps/server/src/modules/checkout/paulista-address.ts';
import { openDb } from '../apps/server/src/db/client.ts';
import { agentSession } from './agent-order';
import { expectNoSeriousViolations } from './axe';
import { ownerOnNewShop } from './console-owner';
import { recordSecret } from './helpers';
import { expectUnobstructed } from './layout';
import type { PrivateServer } from './private-server';
import { BEANS, seedWeekShop } from './week-data';

/**
 * Issue 38's week from the atendente's side, on a server of its own ('Empório Sabiá' with the seller step on and an
 * estimate typed as 'No mesmo dia'): the catalogue's banner carries the store picker and nothing can be added
 * before a store is chosen (7); the checkout reads the estimate as one sentence and Entrega offers estimates to
 * choose, not to type (9); the finish page names the order and its total, the detail names the coupon, links the
 * phone to WhatsApp and to a call, and prints a packing slip on A4 or 80 mm paper (10). One agent session walks the
 * tests in order. CONSOLE_SHOTS=<dir> saves each screen at the
 * width where it showed.
 */
const SLUG = 'sabia-atendente';
const OWNER = { name: 'Rita Sabiá', password: 'senha-da-dona-sabia-2' };
const CLIENT = { name: 'Clara Freguesa', phone: '5511987650177' };
const COUPON = 'SABIA5';
recordSecret(OWNER.password);

let server: PrivateServer;
let sale: Awaited<ReturnType<typeof agentSession>>;
let agentPage: Page;
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1366, height: 860 } });

async function shot(page: Page, name: string) {
  const dir = process.env.CONSOLE_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** The week's shop, with the seller step on (agents choose the store first) and the estimate as typed before. */
async function seed(dataDir: string) {
  await seedWeekShop(dataDir, SLUG);
  const db = await openDb({ dataDir });
  try {
    await db.query(
      `update shops set settings = jsonb_set(jsonb_set(jsonb_set(settings, '{steps}',
         (settings->'steps') || '["Seller"]'), '{showSellerOptions}', 'true'), '{canUseCoupon}', 'true')
        where slug = $1`,
      [SLUG],
    );
    await db.query(
      `update logistic_options set shipping_time_estimative = 'No mesmo dia'
        where shop_id = (select id from shops where slug = $1)`,
      [SLUG],
    );
    await db.query(
      `insert into coupons (id, shop_id, code, kind, value)
       select 'cpn-sabia', id, '${COUPON}', 'fixed', 100 from shops where slug = $1`,
      [SLUG],
    );
  } finally {
    await db.close();
  }
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
  server = await ownerOnNewShop(page, {
    serverName: 'console-week-agent',
    slug: SLUG,
    shopName: 'Empório Sabiá',
    owner: OWNER,
    seed,
  });
  await page.context().storageState({ path: `${server.dataDir}-owner.json` });
  await page.close();
  sale = await agentSession(server.origin, SLUG, CLIENT);
  await sale.ok('POST', '/api/customer/update', {
    name: 'Clara Freguesa',
    email: 'clara@exemplo.com.br',
    document: '529.982.247-25',
  });
  await sale.ok('POST', '/api/order/address/', PAULISTA_ADDRESS);
  // A context of its own (axe needs one), kept across the tests: the session lives in the page.
  agentPage = await (await browser.newContext({ viewport: { width: 1366, height: 860 } })).newPage();
});

test.afterAll(async () => {
  await agentPage?.context().close();
  await server?.stop();
});

async function asOwner(page: Page) {
  const state = JSON.parse(
    await (await import('node:fs/promises')).readFile(`${server.dataDir}-owner.json`, 'utf8'),
  );
  await page.context().addCookies(state.cookies);
}

test('7. the agent chooses the store in the banner; until then no product can be added', async () => {
  const page = agentPage;
  await page.goto(`${server.origin}/catalog#${sale.code}`);
  const add = page.getByRole('button', { name: `Adicionar ${BEANS.name} ao carrinho` });
  await expect(add).toBeVisible();
  await expect(page.getByText('Selecione a loja que deseja comprar para liberar os produtos')).toBeVisible();
  await shot(page, 'item7-catalog-1366');
  const banner = page.getByRole('region', {
    name: 'Selecione a loja que deseja comprar para liberar os produtos',
  });
  const picker = banner.getByRole('combobox', { name: 'Loja' });
  await expect(picker).toBeVisible();
  await expect(add).toBeDisabled();
  await page.setViewportSize({ width: 375, height: 740 });
  await shot(page, 'item7-catalog-375');
  await expectUnobstructed(picker);
  await expectNoSeriousViolations(page, 'agent catalogue with the store banner, 375 px');
  await page.setViewportSize({ width: 1366, height: 860 });

  await picker.selectOption({ label: 'Loja Centro' });
  await expect(banner).toBeHidden();
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByText('Produto adicionado ao carrinho')).toBeVisible();
  await shot(page, 'item7-unlocked-1366');
  const order = await sale.ok<Order>('GET', '/api/order/current');
  expect(order.seller?.providerId).toBe('loja');
  expect(order.items.map((item) => item.providerId)).toEqual([BEANS.code]);
});

test('9. the estimate reads as one sentence at the checkout and is chosen from a list in Entrega', async ({
  page,
}) => {
  await agentPage.goto(`${server.origin}/order/checkout`);
  const delivery = agentPage.getByRole('region', { name: 'Forma de entrega' });
  await delivery.getByLabel('Entregamos para você').check();
  await delivery.getByLabel('Endereço de entrega').selectOption({ index: 1 });
  await expect(delivery.getByRole('radio', { name: /Entrega no bairro/ })).toBeVisible();
  await shot(agentPage, 'item9-checkout-1366');
  await expect.soft(delivery.getByText('No mesmo dia', { exact: true })).toBeVisible();
  await expect.soft(delivery).not.toContainText('Em até No mesmo dia');

  await asOwner(page);
  await page.goto(`${server.origin}/console/lojas/${SLUG}/entrega`);
  const options = page.getByRole('region', { name: 'Opções de entrega' });
  await options.getByRole('button', { name: 'Editar Entrega no bairro' }).click();
  const estimate = page.getByRole('combobox', { name: 'Prazo', exact: true });
  await expect(estimate).toHaveValue('sameDay');
  await estimate.selectOption({ label: 'Em até … dias úteis' });
  await page.getByLabel('Quantos dias úteis').fill('2');
  await shot(page, 'item9-option-form-1366');
  await page.getByRole('button', { name: 'Salvar opção' }).click();
  await expect(options).toContainText('Em até 2 dias úteis');
  await expectNoSeriousViolations(page, 'Entrega with the estimate chosen, 1366 px');
});

test('10. the finish page names the order and its total; the detail names the coupon, links the phone, prints a slip', async ({
  page,
}) => {
  const options = await sale.ok<{ providerId: string }[]>(
    'GET',
    '/api/order/logistic/?type=1&code=01310100&number=1000',
  );
  await sale.ok('POST', '/api/order/logistic/', {
    type: 1,
    providerId: options[0]!.providerId,
    addressIndex: 0,
  });
  await sale.ok('POST', '/api/order/payment/delivery', { providerId: 'cash', cashAmount: 100 });
  await agentPage.goto(`${server.origin}/order/checkout`);
  const summary = agentPage.getByRole('region', { name: 'Resumo do pedido' });
  await summary.getByLabel('Cupom').fill(COUPON);
  await summary.getByRole('button', { name: 'Aplicar' }).click();
  await expect(summary.getByText(`Cupom ${COUPON}`)).toBeVisible();
  await agentPage.getByRole('button', { name: /^Finalizar e enviar/ }).click();
  await expect(agentPage.getByRole('heading', { name: 'Pedido finalizado' })).toBeVisible();
  await shot(agentPage, 'item10-finish-1366');
  const placed = agentPage.getByText(/^Pedido nº \d+ · Total /);
  await expect(placed).toHaveText(/^Pedido nº \d+ · Total R\$\s5,45$/); // R$ 6,45 less the R$ 1,00 coupon
  const number = (await placed.innerText()).match(/nº (\d+)/)![1];

  await asOwner(page);
  await page.goto(`${server.origin}/console/lojas/${SLUG}/pedidos`);
  await page.getByRole('link', { name: `nº ${number}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Pedido nº ${number}` })).toBeVisible();
  await shot(page, 'item10-detail-1366');
  await expect
    .soft(page.getByRole('region', { name: 'Itens', exact: true }))
    .toContainText(`Desconto (cupom ${COUPON})`);
  const customer = page.getByRole('region', { name: 'Cliente', exact: true });
  await expect
    .soft(customer.getByRole('link', { name: '(11) 98765-0177 no WhatsApp' }))
    .toHaveAttribute('href', `https://wa.me/${CLIENT.phone}`);
  await expect
    .soft(customer.getByRole('link', { name: 'Ligar' }))
    .toHaveAttribute('href', `tel:+${CLIENT.phone}`);

  // 'Imprimir separação' opens the browser's print (counted here) with the slip alone on the page.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: 'Imprimir separação (80 mm)' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  await page.emulateMedia({ media: 'print' });
  const slip = page.getByRole('article', { name: `Separação do pedido nº ${number}` });
  await expect(slip).toBeVisible();
  await expect(page.getByRole('list', { name: 'Etapas do pedido' })).toBeHidden();
  await expect.soft(slip).toContainText(`500 g de ${BEANS.name}`);
  await expect.soft(slip).toContainText('Avenida Paulista');
  await expect.soft(slip).toContainText('Entrega no bairro');
  await expect.soft(slip).toContainText('Clara Freguesa · (11) 98765-0177');
  await expect.soft(slip).toContainText('Observações');
  await page.setViewportSize({ width: 302, height: 800 }); // 80 mm at 96 dpi
  await shot(page, 'item10-slip-80mm');
  await page.setViewportSize({ width: 794, height: 1123 }); // A4 at 96 dpi
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: 'Imprimir separação (A4)' }).click();
  await page.emulateMedia({ media: 'print' });
  await expect(slip).toBeVisible();
  await shot(page, 'item10-slip-a4');
  await page.emulateMedia({ media: 'screen' });
  await expect(slip).toBeHidden();
});
