import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { expectNoSidewaysScroll, expectUnobstructed, expectWholeWords } from './layout';
import { recordSecret } from './helpers';
import { ownerOnNewShop } from './console-owner';
import { PRIVATE_PLATFORM_KEY, type PrivateServer } from './private-server';
import { WEEKDAY_LABELS } from '@vitrine/contracts/console-delivery';
import { BARE, BEANS, BUYER, COFFEE, DELIVERED, JARDINS, SHIRT, seedWeekShop } from './week-data';

/**
 * What got in the way in a shop owner's first week (issue 38), each a check that would have caught it, on one
 * server of its own ('Empório Sabiá', e2e/week-data.ts): kilo lines by weight and price per kg in the cart, on the
 * board and in the order's 'Itens' (1); the 'Itens' card inside its box at 1366 and 375 px (2); an order placed
 * with nothing chosen says what is missing and how to ask (3); one lifecycle from delivery to Finalizado, filtered
 * by stage (4); a sheet's repeated SKU refused with both rows (5); every section and Vendas sub-page in sight at
 * 375 px (6). Soft checks: every broken thing is listed at once. CONSOLE_SHOTS=<dir> saves each screen at the
 * width where it showed.
 */
const SLUG = 'emporio-sabia';
const OWNER = { name: 'Rita Sabiá', password: 'senha-da-dona-sabia' };
recordSecret(OWNER.password);

let server: PrivateServer;
test.describe.configure({ mode: 'serial' });

async function shot(page: Page, name: string) {
  const dir = process.env.CONSOLE_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Every element of `items` lies inside `box` horizontally (nothing cut at a card's edge). */
async function expectInside(items: Locator, box: Locator, what: string) {
  const outer = (await box.boundingBox())!;
  for (const item of await items.all()) {
    const inner = (await item.boundingBox())!;
    expect.soft(inner.x, `${what}: left edge inside`).toBeGreaterThanOrEqual(outer.x - 0.5);
    expect
      .soft(inner.x + inner.width, `${what}: right edge inside`)
      .toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  }
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
  server = await ownerOnNewShop(page, {
    serverName: 'console-week',
    slug: SLUG,
    shopName: 'Empório Sabiá',
    owner: OWNER,
    seed: (dataDir) => seedWeekShop(dataDir, SLUG),
  });
  await page.context().storageState({ path: `${server.dataDir}-owner.json` });
  await page.close();
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: { width: 1366, height: 860 } });

async function asOwner(page: Page) {
  const state = JSON.parse(
    await (await import('node:fs/promises')).readFile(`${server.dataDir}-owner.json`, 'utf8'),
  );
  await page.context().addCookies(state.cookies);
}

const board = (page: Page) => page.goto(`${server.origin}/console/lojas/${SLUG}/pedidos`);

async function openOrder(page: Page, customer: string) {
  await board(page);
  const row = page.getByRole('row').filter({ hasText: customer });
  await row.getByRole('link', { name: /^nº \d+$/ }).click();
  await expect(page.getByRole('heading', { name: /^Pedido nº \d+$/ })).toBeVisible();
}

test('1. kilo lines read by weight and price per kg: cart, board, order detail', async ({
  page,
  browser,
}) => {
  const minted = await fetch(`${server.origin}/api/platform/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PRIVATE_PLATFORM_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      shop: SLUG,
      sessionType: 'contact',
      channelType: 'whatsapp',
      contact: { name: 'Clara Freguesa', phone: '5511987650199' },
    }),
  });
  const { code } = ((await minted.json()) as { data: { code: string } }).data;
  recordSecret(code);
  const phone = await browser.newPage({ viewport: { width: 375, height: 740 } });
  await phone.goto(`${server.origin}/catalog#${code}`);
  await phone.getByRole('button', { name: `Adicionar ${BEANS.name} ao carrinho` }).click();
  await phone.goto(`${server.origin}/order`);
  const line = phone.getByRole('listitem').filter({ hasText: BEANS.name });
  await line.getByRole('button', { name: 'Adicionar mais um item' }).click();
  await shot(phone, 'item1-cart-375');
  await expect.soft(line).toContainText('1 kg (2 × 500 g) · R$ 12,90/kg');
  await phone.close();

  await asOwner(page);
  await board(page);
  const row = page.getByRole('row').filter({ hasText: BUYER.name });
  await expect(row).toBeVisible();
  await shot(page, 'item1-board-1366');
  await expect.soft(row).toContainText('2 itens + 1 kg');
  await expect.soft(page.getByRole('row').filter({ hasText: DELIVERED.name })).toContainText('1,5 kg');

  await openOrder(page, BUYER.name);
  const lines = page.getByRole('region', { name: 'Itens', exact: true });
  await shot(page, 'item1-detail-1366');
  await expect
    .soft(lines.getByRole('listitem').filter({ hasText: BEANS.name }))
    .toContainText(`1 kg de ${BEANS.name}`);
  await expect.soft(lines).toContainText('R$ 12,90/kg');
  await expect.soft(lines).not.toContainText('R$ 6,45 un.');
});

test('2. the Itens card holds its lines at 1366 and 375 px: totals whole, SKU apart, e-mail unbroken', async ({
  page,
}) => {
  await asOwner(page);
  await openOrder(page, BUYER.name);
  const card = page.getByRole('region', { name: 'Itens', exact: true });
  const customer = page.getByRole('region', { name: 'Cliente', exact: true });
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width > 800 ? 860 : 740 });
    await expect(card).toContainText(COFFEE.name);
    await shot(page, `item2-detail-${width}`);
    await expectInside(card.getByText(/R\$\s[\d.,]+$/), card, `prices at ${width} px`);
    await expectInside(card.getByRole('listitem'), card, `lines at ${width} px`);
    await expect.soft(card.getByText(`SKU ${COFFEE.code}`, { exact: true })).toBeVisible();
    await expectWholeWords(customer.locator('dd'), `Cliente at ${width} px`);
    await expectWholeWords(card.getByRole('listitem'), `Itens at ${width} px`);
  }
  await expectNoSeriousViolations(page, 'order detail, 375 px');
});

test('3. an order from the customer link without payment or delivery lists what is missing, how to ask, why no payment link, and completes its payment method', async ({
  page,
}) => {
  await asOwner(page);
  await openOrder(page, BARE.name);
  const note = page.getByRole('region', { name: 'Falta definir' });
  await shot(page, 'item3-detail-1366');
  await expect.soft(note).toContainText('sem escolher a loja, a forma de pagamento e a entrega ou retirada');
  const ask = note.getByRole('link', { name: 'Perguntar ao cliente no WhatsApp' });
  await expect
    .soft(ask)
    .toHaveAttribute('href', new RegExp(`^https://wa\\.me/${BARE.phone}\\?text=Ol%C3%A1%2C%20Joana!`));
  // 'Enviar link de pagamento' says why not when the customer chose no way to pay.
  const payments = page.getByRole('region', { name: 'Pagamento', exact: true });
  await payments.getByRole('button', { name: 'Enviar link de pagamento' }).click();
  await expect
    .soft(payments.getByRole('alert'))
    .toContainText('O cliente ainda não escolheu a forma de pagamento');
  await shot(page, 'item3-payment-link-1366');
  await expectNoSeriousViolations(page, "order detail with 'Falta definir', 1366 px");
  // 'Completar pedido': what is missing as a list; the payment method is set here, from the methods the order can
  // still take (boleto's charge is made at confirmation, so it is not offered); the delivery goes by 'Editar pedido'.
  const missing = note.getByRole('list', { name: 'O que falta' });
  await expect
    .soft(missing.getByRole('listitem'))
    .toHaveText(['A loja', 'A forma de pagamento', 'A entrega ou retirada']);
  const complete = note.getByRole('form', { name: 'Completar pedido' });
  const method = complete.getByLabel('Forma de pagamento');
  await expect(method.locator('option', { hasText: 'Dinheiro' })).toHaveCount(1);
  await expect.soft(method.locator('option', { hasText: 'Boleto' })).toHaveCount(0);
  await expect.soft(note).toContainText('Loja, entrega, endereço e horário: escolha em “Editar pedido”');
  await method.selectOption({ label: 'Dinheiro' });
  await complete.getByRole('button', { name: 'Definir forma de pagamento' }).click();
  await expect(page.getByText('Forma de pagamento definida: Dinheiro.').first()).toBeVisible();
  await expect.soft(missing.getByRole('listitem')).toHaveText(['A loja', 'A entrega ou retirada']);
  await expect.soft(complete).toHaveCount(0);
  // The payment card starts afresh (no refusal left from before) and the history says who completed what.
  await expect.soft(payments.getByRole('alert')).toHaveCount(0);
  await expect.soft(page.getByText('Pedido completado pela loja: forma de pagamento Dinheiro')).toBeVisible();
  await shot(page, 'item3-completed-1366');
  await expectNoSeriousViolations(page, "order detail after 'Completar pedido', 1366 px");
  await openOrder(page, BUYER.name);
  await expect(page.getByRole('region', { name: 'Itens', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Falta definir' })).toHaveCount(0);
});

test("3b. 'Completar pedido' opens 'Editar pedido', whose 'Loja' re-prices the order by the store's table and asks the contact", async ({
  page,
}) => {
  await asOwner(page);
  await board(page);
  // The board says what each order lacks, under its number.
  await expect
    .soft(page.getByRole('row').filter({ hasText: BARE.name }))
    .toContainText('Falta definir: loja, entrega');
  await expect.soft(page.getByRole('row').filter({ hasText: BUYER.name })).not.toContainText('Falta definir');
  await openOrder(page, BARE.name);
  const note = page.getByRole('region', { name: 'Falta definir' });
  await note.getByRole('button', { name: 'Escolher loja e entrega' }).click();
  const dialog = page.getByRole('dialog', { name: /^Editar pedido nº \d+$/ });
  await expect(dialog).toBeVisible();
  const store = dialog.getByLabel('Loja', { exact: true });
  await expect.soft(store.locator('option:checked')).toHaveText('Escolha a loja');
  await store.selectOption({ label: `${JARDINS.name} (taxa R$ 3,00) · tabela ${JARDINS.table}` });
  await shot(page, 'item3-store-dialog-1366');
  await expectNoSeriousViolations(page, "'Editar pedido' with 'Loja', 1366 px");
  await dialog.getByRole('button', { name: 'Enviar alteração' }).click();
  // Coffee R$ 39,90 → R$ 38,00 by the store's table, plus its R$ 3,00 fee: R$ 41,00, more to pay — a proposal.
  await expect(
    page.getByText('Proposta enviada ao cliente. O pedido muda quando ele aceitar.').first(),
  ).toBeVisible();
  const edits = page.getByRole('region', { name: 'Alterações' });
  const entry = edits.getByRole('listitem').filter({ hasText: 'Aguardando o cliente' });
  await expect.soft(entry).toContainText('R$ 39,90 → R$ 41,00');
  await expect.soft(entry).toContainText('Sem loja');
  await expect.soft(entry).toContainText(`${JARDINS.name} (taxa R$ 3,00)`);
  await expect.soft(entry.getByRole('listitem').filter({ hasText: COFFEE.name })).toContainText('R$ 38,00');
  // Until the contact accepts, the order is as it was: the store is still missing.
  await expect
    .soft(note.getByRole('list', { name: 'O que falta' }).getByRole('listitem'))
    .toHaveText(['A loja', 'A entrega ou retirada']);
  await shot(page, 'item3-store-proposed-1366');
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(page, 'order detail with a store proposal, 375 px');
  await shot(page, 'item3-store-proposed-375');
  await note.getByRole('button', { name: 'Escolher loja e entrega' }).click();
  await expect(dialog.getByLabel('Loja', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page, "'Editar pedido' with 'Loja', 375 px");
  await shot(page, 'item3-store-dialog-375');
  await expectNoSeriousViolations(page, "'Editar pedido' with 'Loja', 375 px");
});

test('4. one lifecycle: delivering a paid order finishes it, no step is offered after, Situação filters by stage', async ({
  page,
}) => {
  await asOwner(page);
  await openOrder(page, DELIVERED.name);
  const stages = page.getByRole('list', { name: 'Etapas do pedido' });
  await expect.soft(stages).toHaveText(/Recebido.*Separando.*Saiu para entrega.*Entregue.*Finalizado/);
  await expect.soft(stages.locator('[aria-current="step"]')).toHaveText('Saiu para entrega');
  await page.getByRole('button', { name: 'Entregue', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.locator('.orders-badge--status')).toHaveText(/Finalizado|Entregue/);
  await shot(page, 'item4-detail-1366');
  await expect.soft(page.locator('.orders-badge--status')).toHaveText('Finalizado');
  await expect.soft(stages.locator('[aria-current="step"]')).toHaveText('Finalizado');
  for (const name of ['Separando', 'Saiu para entrega', 'Entregue', 'Finalizar pedido'])
    await expect.soft(page.getByRole('button', { name, exact: true })).toHaveCount(0);

  await board(page);
  const filter = page.getByLabel('Situação');
  await expect
    .soft(filter.locator('option'))
    .toHaveText([
      'Todos',
      'Recebido',
      'Separando',
      'Saiu para entrega',
      'Pronto para retirada',
      'Entregue',
      'Finalizado',
      'Cancelado',
      'Erro',
    ]);
  await filter.selectOption({ label: 'Finalizado' });
  await expect(page.getByRole('row').filter({ hasText: DELIVERED.name })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: BUYER.name })).toHaveCount(0);
  await shot(page, 'item4-board-1366');
  await expectNoSeriousViolations(page, 'orders board filtered by stage, 1366 px');
});

test('5. a sheet giving two products one SKU is refused with the rows of both', async ({ page }) => {
  await asOwner(page);
  await page.goto(`${server.origin}/console/lojas/${SLUG}/catalogo`);
  await expect(page.getByRole('heading', { name: 'Planilha' })).toBeVisible();
  const text = [
    'Código;Nome;SKU;Preço',
    'CAFE-A;Café Torrado A;CAFE-X;39,90',
    'ARROZ-5;Arroz 5 kg;ARROZ5;24,90',
    'CAFE-B;Café Torrado B;CAFE-X;29,90',
  ].join('\n');
  await page
    .locator('#sheet-file')
    .setInputFiles({ name: 'sabia.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  const preview = page.getByRole('region', { name: 'Prévia de sabia.csv' });
  await expect(preview).toBeVisible();
  await shot(page, 'item5-preview-1366');
  await expect.soft(preview.getByText('2 linhas recusadas')).toBeVisible();
  await expect
    .soft(preview.getByRole('row').filter({ hasText: 'SKU "CAFE-X" repetido: também na linha 4.' }))
    .toContainText('2');
  await expect
    .soft(preview.getByRole('row').filter({ hasText: 'SKU "CAFE-X" repetido: também na linha 2.' }))
    .toContainText('4');
});

test('6. at 375 px every console section and every Vendas and Pagamentos sub-page is in sight', async ({
  page,
}) => {
  await asOwner(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${server.origin}/console/lojas/${SLUG}/vendas`);
  await expect(page.getByRole('heading', { name: 'Vendas' })).toBeVisible();
  const dir = process.env.CONSOLE_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/item6-sales-375.png` }); // the viewport: the bar as a phone shows it
  const nav = page.getByRole('navigation', { name: 'Seções do console' });
  const sections = [
    'Início',
    'Pedidos',
    'Relatórios',
    'Catálogo',
    'Vendas',
    'Pagamentos',
    'Entrega',
    'Configurações',
    'Recuperação',
    'Integrações',
    'Equipe',
  ];
  await expect(nav.getByRole('link')).toHaveText(sections);
  for (const name of sections) await expectUnobstructed(nav.getByRole('link', { name, exact: true }));
  await expectNoSidewaysScroll(page, 'Vendas with eleven sections');
  const tabs = page.getByRole('navigation', { name: 'Regras de venda' }).getByRole('link');
  await expect(tabs).toHaveText(['Cupons', 'Brindes', 'Tabelas de preço']);
  for (const tab of await tabs.all()) await expectUnobstructed(tab);
  await expectNoSeriousViolations(page, 'Vendas, 375 px');
  await page.goto(`${server.origin}/console/lojas/${SLUG}/pagamentos`);
  const payments = page.getByRole('navigation', { name: 'Pagamentos' }).getByRole('link');
  await expect(payments).toHaveCount(4);
  for (const tab of await payments.all()) await expectUnobstructed(tab);
  if (dir) await page.screenshot({ path: `${dir}/item8-payments-375.png` });
  await expectNoSeriousViolations(page, 'Pagamentos, 375 px');
});

test("15. a weekday window copies to every day, its cut-off reads in hours and minutes, a past cut-off reads 'Encerrado'", async ({
  page,
}) => {
  await asOwner(page);
  await page.goto(`${server.origin}/console/lojas/${SLUG}/entrega`);
  const schedule = page.getByRole('form', { name: 'Agenda de entregas' });
  const today = new Date(Date.now() - 3 * 3_600_000); // the shop's day (São Paulo)
  const dayMonth = (at: Date) => `${at.toISOString().slice(8, 10)}/${at.toISOString().slice(5, 7)}`;
  await schedule.getByRole('button', { name: 'Adicionar janela semanal' }).click();
  await schedule
    .getByLabel('Dia', { exact: true })
    .selectOption({ label: WEEKDAY_LABELS[today.getUTCDay()]! });
  await schedule.getByLabel('Início').fill('00:00');
  await schedule.getByLabel('Fim').fill('00:30');
  // The cut-off is typed as hours and minutes (the window's default: 1 h before).
  const hours = schedule.getByLabel('Pedidos até (horas antes)');
  await expect.soft(hours).toHaveValue('1');
  await hours.fill('0');
  await schedule.getByLabel('e minutos antes').fill('0');
  await schedule.getByLabel('Capacidade (pedidos)').fill('1');
  await schedule.getByRole('button', { name: /^Copiar para todos os dias/ }).click();
  await expect.soft(schedule.getByLabel('Dia', { exact: true })).toHaveCount(7);
  await expect.soft(schedule.getByLabel('Pedidos até (horas antes)').last()).toHaveValue('0');
  await schedule.getByRole('button', { name: 'Salvar agenda' }).click();
  await expect(page.getByText('Agenda salva.').first()).toBeVisible();
  // Today's 00:00 window took orders until 00:00: closed, not "0/1"; tomorrow's is open.
  const todayItem = page.getByRole('listitem').filter({ hasText: new RegExp(` ${dayMonth(today)}`) });
  // (The first slot's figure is its <strong>: the day's own title, "30/11" say, holds "0/1" too.)
  await expect.soft(todayItem.first().locator('strong').first()).toHaveText('Encerrado');
  const tomorrow = new Date(today.getTime() + 86_400_000);
  await expect
    .soft(
      page
        .getByRole('listitem')
        .filter({ hasText: new RegExp(` ${dayMonth(tomorrow)}`) })
        .first()
        .locator('strong')
        .first(),
    )
    .toHaveText('0/1');
  // An exception's date reads dd/mm/aaaa whatever the browser's language (issue 18 of the walk).
  await schedule.getByRole('button', { name: 'Adicionar dia fechado' }).click();
  await expect
    .soft(schedule.getByLabel('Data', { exact: true }))
    .toHaveValue(`${dayMonth(today)}/${today.getUTCFullYear()}`);
  await shot(page, 'item15-schedule-1366');
  await expectNoSeriousViolations(page, 'Entrega › Agenda, 1366 px');
});

test('11. the product editor fits a phone: secondary sections folded, the save bar always in sight; Catálogo keeps thumbnails, total and page', async ({
  page,
}) => {
  await asOwner(page);
  await page.setViewportSize({ width: 375, height: 740 });
  // Before: 3,190 px (new) and 3,991 px (the kilo product) with every section open; after, 2,666 and 2,645 px.
  // A product with variants (3 sizes × 2 colours, its grid folded under 'Variações'): measured beside them.
  for (const [code, most] of [
    [SHIRT.code, 2_750],
    ['novo', 2_750],
    [BEANS.code, 2_750],
  ] as const) {
    await page.goto(`${server.origin}/console/lojas/${SLUG}/catalogo/produtos/${code}`);
    await expect(page.getByLabel('Nome', { exact: true })).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`item 11: product editor (${code}) at 375 px is ${height} px tall`);
    expect.soft(height, `editor (${code}) height at 375 px`).toBeLessThanOrEqual(most);
    await shot(page, `item11-editor-${code}-375`);
  }
  const folds = page.locator('summary');
  await expect
    .soft(folds)
    .toHaveText([
      /^Venda e entrega\s*vendido por quilo$/,
      /^Variações\s*nenhuma$/,
      /^Estoque$/,
      /^Destaques\s*nenhum$/,
      /^Especificações\s*nenhuma$/,
      /^Assinatura\s*nenhuma$/,
    ]);
  // Folded: a section's fields are out of the way until its title is tapped.
  await expect(page.getByRole('button', { name: 'Adicionar destaque' })).toBeHidden();
  await folds.filter({ hasText: 'Destaques' }).click();
  await page.getByRole('button', { name: 'Adicionar destaque' }).click();
  // The save bar stays on screen wherever the person is in the form.
  await page.getByLabel('Destaque 1', { exact: true }).scrollIntoViewIfNeeded();
  await expectUnobstructed(page.getByRole('button', { name: 'Salvar produto' }));
  // A refused field inside a folded section opens it and takes the focus.
  await page.reload();
  await folds.filter({ hasText: 'Assinatura' }).click();
  await page.getByRole('button', { name: 'Adicionar oferta de assinatura' }).click();
  await page.getByLabel('A cada (vezes a recorrência)').fill('');
  await folds.filter({ hasText: 'Assinatura' }).click();
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect.soft(page.getByLabel('A cada (vezes a recorrência)')).toBeFocused();
  await expect.soft(page.getByText('Informe a frequência.')).toBeVisible();
  await expectNoSeriousViolations(page, 'product editor, 375 px');
  // Catálogo at 375 px keeps its thumbnails, total and page (items 11 before).
  await page.goto(`${server.origin}/console/lojas/${SLUG}/catalogo`);
  await expect.soft(page.getByText(/^\d+ produtos?$/)).toBeVisible();
  await expect.soft(page.getByText(/página 1 de \d+/)).toBeVisible();
  await expect.soft(page.locator('.catalog-thumb').first()).toBeVisible();
});

test("18. the board's and Relatórios' 'De' / 'Até' read and take dd/mm/aaaa in an English-language browser", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await asOwner(page);
  const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10); // the shop's day (São Paulo)
  const typed = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
  // The board: typed as the shop writes dates, kept in the address as the ISO day.
  await board(page);
  const from = page.getByLabel('De', { exact: true });
  await expect.soft(from).toHaveAttribute('placeholder', 'dd/mm/aaaa');
  await expect.soft(from).not.toHaveAttribute('type', 'date');
  await from.pressSequentially(today.slice(8, 10) + today.slice(5, 7) + today.slice(0, 4));
  await expect.soft(from).toHaveValue(typed);
  await expect.soft(page).toHaveURL(new RegExp(`from=${today}`));
  await expect(page.getByRole('row').filter({ hasText: BUYER.name })).toBeVisible();
  await shot(page, 'itemD-board-dates-en-US-1366');
  // Relatórios: the default period reads dd/mm/aaaa too, and a typed 'Até' is the ISO day in the address.
  await page.goto(`${server.origin}/console/lojas/${SLUG}/relatorios`);
  const until = page.getByLabel('Até', { exact: true });
  await expect.soft(until).toHaveValue(typed);
  await expect.soft(page.getByLabel('De', { exact: true })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await until.fill('');
  await until.pressSequentially(today.slice(8, 10) + today.slice(5, 7) + today.slice(0, 4));
  await expect.soft(page).toHaveURL(new RegExp(`to=${today}`));
  await shot(page, 'itemD-reports-dates-en-US-1366');
  await context.close();
});

test("8. one 'Pagamentos' place: methods, charge, Pix, account and the bank's API Pix; old Vendas addresses land there", async ({
  page,
}) => {
  await asOwner(page);
  const at = (path: string) => `${server.origin}/console/lojas/${SLUG}${path}`;
  // A bookmark of the old Vendas › Pix lands on Pagamentos › Pix.
  await page.goto(at('/vendas/pix'));
  await expect(page).toHaveURL(at('/pagamentos/pix'));
  await expect(page.getByRole('heading', { name: 'Pagamentos', level: 1 })).toBeVisible();
  await expect
    .soft(page.getByRole('navigation', { name: 'Pagamentos' }).getByRole('link'))
    .toHaveText(['Formas de pagamento', 'Pix', 'Conta de pagamento', 'Pix no banco']);
  await expect.soft(page.getByRole('textbox', { name: 'Chave Pix' })).toBeVisible();
  await page.goto(at('/vendas/conta-de-pagamento'));
  await expect(page).toHaveURL(at('/pagamentos/conta'));
  // 'Formas de pagamento' holds whether the shop charges through Vitrine at all (was in Configurações).
  await page.goto(at('/vendas/pagamento'));
  await expect(page).toHaveURL(at('/pagamentos/formas'));
  const charge = page.getByRole('form', { name: 'Cobrança' });
  const noCharge = charge.getByLabel('Receber pedidos sem cobrança');
  await expect(noCharge).not.toBeChecked();
  await noCharge.check();
  await charge.getByRole('button', { name: 'Salvar cobrança' }).click();
  await expect(page.getByText('Cobrança salva.').first()).toBeVisible();
  await page.reload();
  await expect.soft(noCharge).toBeChecked();
  await shot(page, 'item8-payments-1366');
  await expectNoSeriousViolations(page, 'Pagamentos › Formas de pagamento, 1366 px');
  await noCharge.uncheck();
  await charge.getByRole('button', { name: 'Salvar cobrança' }).click();
  await expect(page.getByText('Cobrança salva.').first()).toBeVisible();
  // Configurações no longer names them; Vendas no longer has payment tabs.
  await page.goto(at('/configuracoes'));
  await expect(page.getByText('Escolha de loja')).toBeVisible();
  await expect.soft(page.getByText('Não cobrar pedidos pela Vitrine')).toHaveCount(0);
  await expect.soft(page.getByText('Pagamento em gateway externo')).toHaveCount(0);
  await page.goto(at('/vendas'));
  await expect
    .soft(page.getByRole('navigation', { name: 'Regras de venda' }).getByRole('link'))
    .toHaveText(['Cupons', 'Brindes', 'Tabelas de preço']);
});
