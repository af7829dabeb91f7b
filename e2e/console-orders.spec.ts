import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expectNoSeriousViolations } from './axe';
import { recordSecret } from './helpers';
import { startPrivateServerWithShop } from './prepared-server';
import { PRIVATE_PLATFORM_KEY, type PrivateServer } from './private-server';
import { addProductAndDelivery } from './shop-data';

/**
 * The orders board journey of issue 16, on a server of its own: a shop created through the platform API, its
 * owner's invitation accepted, colours and logo set; a delivery option, a product and 30 orders of last week
 * written to the database (no catalogue editor yet — issue 17); the board pages with 'Carregar mais'; the
 * customer link places an order, which appears on the board without a reload; the owner moves it to 'Saiu para
 * entrega', the customer's message shows in the demo inbox, and the CSV export parses with the order's total in
 * pt-BR. With the live stream cut, a second order still arrives by polling and is canceled with a reason; a paid
 * order's cancel asks for the refund decision. Each step's time is printed. CONSOLE_SHOTS=<dir> saves
 * screenshots of the board, the filters and the detail at 1366 and 375 px.
 */
const PASSWORD = 'senha-da-dona-pedidos';
recordSecret(PASSWORD);
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAAAYCAIAAACKi2/DAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAa0lEQVR4nO2YwQnAMBDDtP8E2dadIP2UYj8EGkAY3+UIOUjuIZgO7/0wIAyILzvEBmFA2CD+e4gdMQwIG4QjRuvcdwdhQNggHDHcQWz+uvQNsk3fINv0DbJN3yDb9A2yTd8g2/QNsk3fINs8os5P03dMRSYAAAAASUVORK5CYII=',
  'base64',
);
const SLUG = 'emporio-jornada';
const PRODUCT = { providerId: 'CESTA-1', name: 'Cesta de Natal Premium', priceCents: 123_456 };
const CUSTOMER = { name: 'Helena Duarte', phone: '5511987650001' };
const SECOND = { name: 'Otávio Reis', phone: '5511987650002' };
/** Orders placed last week, written with the product: the board opens on a full page and 'Carregar mais'. */
const OLD_ORDERS = 30;
/** The number the customer link's order gets. */
const FIRST = OLD_ORDERS + 1;

let server: PrivateServer;
const timings: [string, number][] = [];

async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  timings.push([name, performance.now() - started]);
  return result;
}

/** A WhatsApp contact session of the journey's shop, minted through the platform API as the chatbot would. */
async function mintContact(contact: { name: string; phone: string }) {
  const minted = await fetch(`${server.origin}/api/platform/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PRIVATE_PLATFORM_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ shop: SLUG, sessionType: 'contact', channelType: 'whatsapp', contact }),
  });
  expect(minted.status).toBe(201);
  const { code } = ((await minted.json()) as { data: { code: string } }).data;
  recordSecret(code);
  return code;
}

async function shot(page: Page, name: string) {
  const dir = process.env.CONSOLE_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test.afterAll(async () => {
  await server?.stop();
  if (timings.length)
    console.log(
      `[console-orders journey]\n${timings.map(([name, ms]) => `  ${name.padEnd(54)} ${ms.toFixed(0).padStart(6)} ms`).join('\n')}`,
    );
});

test('a new shop takes an order from its customer link, live on the board, out for delivery, exported', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one journey; it looks at 1366 and 375 px itself');
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 860 });

  // The shop is created (platform API) and its data written before the server's one start (e2e/prepared-server.ts).
  const prepared = await startPrivateServerWithShop(
    'console-orders',
    { slug: SLUG, name: 'Empório Jornada', owner: { email: `dona@${SLUG}.example`, name: 'Lúcia Prado' } },
    (dataDir) => addProductAndDelivery(dataDir, SLUG, PRODUCT, OLD_ORDERS),
    {
      timed: (what, run) =>
        step(
          what === 'prepare'
            ? 'create the shop (platform API), write its data'
            : 'start a server of its own (PGlite, migrations)',
          run,
        ),
    },
  );
  server = prepared.server;
  const { invitationUrl } = prepared;
  const at = (path: string) => `${server.origin}${path}`;

  await step('accept the invitation', async () => {
    await page.goto(invitationUrl);
    await page.getByLabel('Seu nome').fill('Lúcia Prado');
    await page.getByLabel('Crie uma senha').fill(PASSWORD);
    await page.getByLabel('Repita a senha').fill(PASSWORD);
    await page.getByRole('button', { name: 'Aceitar convite' }).click();
    await expect(page.getByRole('heading', { name: 'Início' })).toBeVisible();
  });

  await step('set colours, WhatsApp and logo', async () => {
    await page.getByRole('link', { name: 'Configurações' }).click();
    await page.locator('input[name="settings.style.defaultColor"]').fill('#2e7d32');
    await page.getByLabel('WhatsApp da loja').fill('11987654321');
    await page
      .getByRole('group', { name: 'Logo' })
      .getByLabel('Escolher logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
    await expect(page.getByTestId('preview-bar').getByRole('img')).toBeVisible();
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(page.getByText('Configurações salvas.')).toBeVisible();
  });

  await step('open the board (live), load the next page', async () => {
    await page.getByRole('link', { name: 'Pedidos' }).click();
    await expect(page.getByRole('heading', { name: 'Pedidos' })).toBeVisible();
    const rows = page.getByRole('region', { name: 'Lista de pedidos' }).locator('tbody tr');
    await expect(rows).toHaveCount(25);
    await page.getByRole('button', { name: 'Carregar mais' }).click();
    await expect(rows).toHaveCount(OLD_ORDERS);
    await expect(rows.last()).toContainText('nº 1');
    await expect(page.getByRole('button', { name: 'Carregar mais' })).toBeHidden();
    await expect(page.getByText('Ao vivo')).toBeVisible();
    await page.evaluate(() => ((window as unknown as { journeyMark: number }).journeyMark = 1));
  });

  const customer = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const shopper = await customer.newPage();
  await step('customer link: add the product, confirm', async () => {
    const code = await mintContact(CUSTOMER);
    await shopper.route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title><p>WhatsApp</p>' }),
    );
    await shopper.goto(at(`/catalog#${code}`));
    await shopper.getByRole('button', { name: `Adicionar ${PRODUCT.name} ao carrinho` }).click();
    await shopper.goto(at('/order'));
    await expect(shopper.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
    const chat = shopper.waitForRequest((r) => r.url().startsWith('https://wa.me/'));
    await shopper.getByRole('button', { name: 'Confirmar pedido e retornar ao WhatsApp' }).click();
    await chat;
  });

  const row = page.getByRole('row').filter({ hasText: CUSTOMER.name });
  await step('the order appears on the board (no reload)', async () => {
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText(`nº ${FIRST}`);
    await expect(row).toContainText('novo');
    await expect(row).toContainText('R$ 1.234,56');
    expect(await page.evaluate(() => (window as unknown as { journeyMark?: number }).journeyMark)).toBe(1);
    await shot(page, 'orders-board-1366');
    await expectNoSeriousViolations(page, 'orders board, 1366 px');
  });

  await step('filter by text and status, reload keeps them', async () => {
    await page.getByLabel('Buscar pedido').fill('Helena');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByLabel('Situação').selectOption('received');
    await expect(page).toHaveURL(/[?&]q=Helena/);
    await expect(page).toHaveURL(/[?&]status=received/);
    await page.reload();
    await expect(page.getByLabel('Buscar pedido')).toHaveValue('Helena');
    await expect(page.getByLabel('Situação')).toHaveValue('received');
    await expect(row).toBeVisible();
    await page.getByLabel('Situação').selectOption('canceled');
    await expect(page.getByText('Nenhum pedido com esses filtros.')).toBeVisible();
    await shot(page, 'orders-filters-1366');
    await page.goBack();
    await expect(page.getByLabel('Situação')).toHaveValue('received');
    await expect(row).toBeVisible();
    // 'Recebido' is a stage (decision 0055): once out for delivery the order leaves it, so the search alone stays.
    await page.getByLabel('Situação').selectOption('');
    await expect(page).not.toHaveURL(/[?&]status=/);
  });

  await step('detail, then Saiu para entrega (375 px)', async () => {
    await row.getByRole('link', { name: `nº ${FIRST}` }).click();
    await expect(page.getByRole('heading', { name: `Pedido nº ${FIRST}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Itens', exact: true })).toContainText(PRODUCT.name);
    await expect(page.getByRole('region', { name: 'Cliente', exact: true })).toContainText(CUSTOMER.name);
    await shot(page, 'order-detail-1366');
    await expectNoSeriousViolations(page, 'order detail, 1366 px');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'Saiu para entrega' }).click();
    const dialog = page.getByRole('dialog', { name: "Marcar como 'Saiu para entrega'" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Etapa registrada; o cliente recebe uma mensagem.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.modal')).toHaveCount(0); // its 300 ms closing transition is over
    await expect(page.locator('.orders-badge--status')).toHaveText('Saiu para entrega');
    await expect(page.getByRole('region', { name: 'Mensagens ao cliente' })).toContainText(
      `Seu pedido nº ${FIRST} da Empório Jornada saiu para entrega!`,
    );
    await shot(page, 'order-detail-375');
    await expectNoSeriousViolations(page, 'order detail, 375 px');
    await page.getByRole('link', { name: '← Voltar aos pedidos' }).click();
    await expect(row).toContainText('Saiu para entrega');
    await shot(page, 'orders-board-375');
    await page.getByRole('button', { name: /^Filtros/ }).click();
    await expect(page.getByLabel('Canal')).toBeVisible();
    await shot(page, 'orders-filters-375');
    await expectNoSeriousViolations(page, 'orders board with filters open, 375 px');
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  await step('the message in the demo inbox', async () => {
    const inbox = await customer.newPage();
    await inbox.goto(at('/dev/inbox'));
    const chat = inbox.getByRole('region', { name: new RegExp(`\\(${CUSTOMER.phone}\\)`) });
    await expect(chat.locator('li[data-type="fulfilment"]')).toContainText('saiu para entrega', {
      timeout: 15_000,
    });
  });

  await step('export the CSV and parse it', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Exportar CSV' }).click();
    const file = await (await download).path();
    const text = await readFile(file, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parse(text, { delimiter: ';', bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Pedido: String(FIRST),
      Cliente: CUSTOMER.name,
      Canal: 'WhatsApp',
      'Total (R$)': '1.234,56',
      Situação: 'Saiu para entrega',
    });
    expect(rows[0]!.Data).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  });

  await step('stream down: polling shows a second order', async () => {
    await page.route('**/api/console/shops/*/events', (route) => route.abort());
    // The page's own clock: its 15-s poll is moved on below instead of waited for (time still flows meanwhile).
    await page.clock.install();
    await page.goto(at(`/console/lojas/${SLUG}/pedidos`));
    await expect(page.getByText('Atualizando a cada 15 s')).toBeVisible();
    const code = await mintContact(SECOND);
    const auth = { authorization: `Bearer ${code}`, 'content-type': 'application/json' };
    const added = await fetch(at('/api/order/items/'), {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ providerId: PRODUCT.providerId, quantity: 2 }),
    });
    expect(added.status).toBe(200);
    expect(
      (await fetch(at('/api/order/confirm'), { headers: { authorization: auth.authorization } })).status,
    ).toBe(200);
    // No live event comes: only the board's next poll, 15 s on, can bring the order in.
    await page.clock.fastForward(15_000);
    await expect(page.getByRole('row').filter({ hasText: SECOND.name })).toContainText(`nº ${FIRST + 1}`, {
      timeout: 25_000,
    });
    await page.unroute('**/api/console/shops/*/events');
  });

  await step('cancel the second order with a reason', async () => {
    await page
      .getByRole('row')
      .filter({ hasText: SECOND.name })
      .getByRole('link', { name: `nº ${FIRST + 1}` })
      .click();
    await page.getByRole('button', { name: 'Cancelar pedido' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancelar o pedido nº ${FIRST + 1}` });
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Informe o motivo do cancelamento.');
    await dialog.getByLabel('Motivo do cancelamento').fill('Cliente desistiu da compra');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Pedido cancelado.')).toBeVisible();
    await expect(page.locator('.orders-badge--status')).toHaveText('Cancelado');
    await expect(page.getByRole('region', { name: 'Entrega' })).toContainText('Cliente desistiu da compra');
    await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toBeHidden();
  });

  await step('cancel a paid order: the refund decision', async () => {
    await page.getByRole('link', { name: '← Voltar aos pedidos' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: `Cliente ${OLD_ORDERS}` })
      .getByRole('link')
      .click();
    await expect(page.getByRole('heading', { name: `Pedido nº ${OLD_ORDERS}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pagamento' })).toContainText('Pago');
    await page.getByRole('button', { name: 'Cancelar pedido' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancelar o pedido nº ${OLD_ORDERS}` });
    await dialog.getByLabel('Motivo do cancelamento').fill('Produto em falta no estoque');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Diga se o pagamento será reembolsado.');
    await dialog.getByLabel('Sim, vou reembolsar').check();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.locator('.orders-badge--status')).toHaveText('Cancelado');
    await expect(page.getByRole('region', { name: 'Entrega' })).toContainText('Reembolsar');
    await expect(page.getByRole('region', { name: 'Mensagens ao cliente' })).toContainText('(com reembolso)');
  });
  await customer.close();
});
