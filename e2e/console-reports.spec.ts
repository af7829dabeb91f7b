import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { ownerOnNewShop } from './console-owner';
import { expectNoSidewaysScroll, expectUnobstructed } from './layout';
import type { PrivateServer } from './private-server';
import { seedReportsShop } from './reports-data';

/**
 * Relatórios › Vendas (issue 37) on a shop of its own (e2e/reports-data.ts): the owner opens it from the section
 * bar, reads the last 30 days against the 30 before (figures of the seeded orders, cancelled apart), each split,
 * a chart's table and its CSV, changes the bucket (kept in the URL), and sees today's three numbers on 'Início';
 * axe-clean at 1366 and 375 px; then Relatórios › Produtos (best sellers, the kilo product by weight, viewed but not
 * bought, sold-out days, searches without result and their CSV) and Funil. CONSOLE_SHOTS=<dir> saves each screen.
 */
const SLUG = 'quitanda-relatorio';
let server: PrivateServer;

test.describe.configure({ mode: 'serial' });

test.afterAll(async () => {
  await server?.stop();
});

/** CONSOLE_SHOTS=<dir>: the whole page, and what a phone's screen shows first (the section bar at its foot). */
async function shot(page: import('@playwright/test').Page, name: string) {
  const dir = process.env.CONSOLE_SHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  await page.screenshot({ path: `${dir}/${name}-screen.png` });
}

test('the owner reads the last 30 days of sales, their splits, a chart as a table and as CSV', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 860 });
  server = await ownerOnNewShop(page, {
    serverName: 'console-reports',
    slug: SLUG,
    shopName: 'Quitanda Relatório',
    owner: { name: 'Dona Lia', password: 'senha-da-quitanda-lia' },
    seed: (dataDir) => seedReportsShop(dataDir, SLUG),
  });

  // Início: today's three numbers (the order paid today).
  const today = page.getByRole('region', { name: 'Hoje' });
  await expect(today.getByRole('definition').first()).toHaveText('1');
  await expect(today).toContainText('R$ 45,90');

  await page
    .getByRole('navigation', { name: 'Seções do console' })
    .getByRole('link', { name: 'Relatórios' })
    .click();
  await expect(page.getByRole('heading', { name: 'Relatórios' })).toBeVisible();
  const summary = page.getByRole('region', { name: /^Resumo de / });
  await expect(summary).toContainText('R$ 330,00');
  await expect(summary.getByRole('term').first()).toHaveText('Receita');
  await expect(summary).toContainText('antes R$ 200,00');
  await expect(summary).toContainText('+65%');
  await expect(summary).toContainText('Ticket médio');
  await expect(summary).toContainText('R$ 66,00');
  await expect(summary).toContainText('Pedidos cancelados não entram na receita (1 cancelado, R$ 70,00)');
  await expect(summary).toContainText('Reembolsos aparecem à parte');

  const channels = page.getByRole('region', { name: 'Por canal' });
  await expect(channels.getByRole('img', { name: /Por canal: gráfico/ })).toBeVisible();
  await channels.getByRole('button', { name: 'Mostrar tabela' }).click();
  const row = (name: string) =>
    channels.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row('WhatsApp')).toContainText('R$ 245,90');
  await expect(row('Instagram')).toContainText('R$ 30,00');
  await expect(row('WebChat')).toContainText('R$ 54,10');
  const agents = page.getByRole('region', { name: 'Por atendente' });
  await expect(agents.getByRole('rowheader', { name: 'Bia Atendente', includeHidden: true })).toBeAttached();
  await expect(page.getByRole('region', { name: 'Cupons usados' })).toContainText('BEMVINDO');

  const csvHref = await channels.getByRole('link', { name: 'Baixar CSV' }).getAttribute('href');
  const csv = await page.request.get(`${server.origin}${csvHref}`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('WhatsApp;3;245,90');
  await expectNoSeriousViolations(page, 'Relatórios, 1366 px');
  await shot(page, 'reports-sales-1366');

  // By week, kept in the URL: a reload shows the same.
  await page.getByLabel('Agrupar por').selectOption('week');
  await expect(page).toHaveURL(/bucket=week/);
  await page.reload();
  await expect(page.getByLabel('Agrupar por')).toHaveValue('week');
  await expect(summary).toContainText('R$ 330,00');

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByLabel('Agrupar por').selectOption('day');
  await expect(summary).toContainText('R$ 330,00');
  const nav = page.getByRole('navigation', { name: 'Seções do console' });
  for (const link of await nav.getByRole('link').all()) await expectUnobstructed(link);
  await expectNoSidewaysScroll(page, 'Relatórios');
  await expectNoSeriousViolations(page, 'Relatórios, 375 px');
  await shot(page, 'reports-sales-375');
  await page.goto(`${server.origin}/console/lojas/${SLUG}`);
  await expect(page.getByRole('region', { name: 'Hoje' })).toContainText('R$ 45,90');
  await shot(page, 'home-today-375');

  // Relatórios › Produtos: what sells, what is opened but not bought, what ran out and what was not found.
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto(`${server.origin}/console/lojas/${SLUG}/relatorios?bucket=week`);
  await page.getByRole('navigation', { name: 'Relatórios' }).getByRole('link', { name: 'Produtos' }).click();
  // The range goes along to the tab, in the URL.
  await expect(page).toHaveURL(/\/relatorios\/produtos\?.*bucket=week/);
  const products = page.getByRole('region', { name: 'Resumo de produtos' });
  await expect(products).toContainText('R$ 330,00');
  await expect(products).toContainText('Buscas sem resultado');

  const byValue = page.getByRole('region', { name: 'Mais vendidos por valor' });
  await expect(byValue.getByRole('img', { name: /Mais vendidos por valor: gráfico/ })).toBeVisible();
  await byValue.getByRole('button', { name: 'Mostrar tabela' }).click();
  const valueRows = byValue.getByRole('row');
  await expect(valueRows.nth(1)).toContainText('Cesta da semana');
  await expect(valueRows.nth(1)).toContainText('R$ 284,10');
  await expect(valueRows.nth(2)).toContainText('Queijo minas');
  const byWeight = page.getByRole('region', { name: 'Mais vendidos por peso' });
  await expect(byWeight.getByRole('cell', { name: '1,5 kg', includeHidden: true })).toBeAttached();
  const productRow = (region: string, name: string) =>
    page
      .getByRole('region', { name: region })
      .getByRole('row', { includeHidden: true })
      .filter({ has: page.getByRole('rowheader', { name, includeHidden: true }) });
  await expect(productRow('Vistos, pouco comprados', 'Palmito pupunha')).toContainText('25');
  await expect(productRow('Dias esgotados', 'Queijo minas')).toContainText('3');
  const searches = page.getByRole('region', { name: 'Buscas sem resultado' });
  await expect(productRow('Buscas sem resultado', 'tapioca granulada')).toContainText('3');
  const searchesCsv = await searches.getByRole('link', { name: 'Baixar CSV' }).getAttribute('href');
  const searchesFile = await page.request.get(`${server.origin}${searchesCsv}`);
  expect(searchesFile.status()).toBe(200);
  expect(await searchesFile.text()).toContain('tapioca granulada;3;1;');
  await expectNoSeriousViolations(page, 'Relatórios › Produtos, 1366 px');
  await shot(page, 'reports-products-1366');

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(products).toContainText('R$ 330,00');
  await expectNoSidewaysScroll(page, 'Relatórios › Produtos');
  await expectNoSeriousViolations(page, 'Relatórios › Produtos, 375 px');
  await shot(page, 'reports-products-375');

  // Relatórios › Funil: links sent → opened → … → paid, with each stage's share of the one before.
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.getByRole('navigation', { name: 'Relatórios' }).getByRole('link', { name: 'Funil' }).click();
  await expect(page).toHaveURL(/\/relatorios\/funil\?/);
  // (Links enviados: the seed's four and the ones the console minted for the owner's own chat.)
  await expect(productRow('Funil do período', 'Links abertos')).toContainText('3');
  await expect(productRow('Funil do período', 'Pedidos confirmados')).toContainText('6');
  await expect(productRow('Funil do período', 'Pedidos pagos')).toContainText('1');
  await expect(productRow('Funil por canal', 'WhatsApp')).toBeAttached();
  await expect(page.getByRole('region', { name: 'Recuperação de carrinhos' })).toContainText(
    'Lembretes enviados',
  );
  // The tables of seven columns take the report's whole width, as the first card does.
  const width = async (name: string) => (await page.getByRole('region', { name }).boundingBox())?.width;
  for (const name of ['Funil por período', 'Funil por canal'])
    expect(await width(name)).toBe(await width('Funil do período'));
  await expectNoSeriousViolations(page, 'Relatórios › Funil, 1366 px');
  await shot(page, 'reports-funnel-1366');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('heading', { name: 'Funil do período' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'Relatórios › Funil');
  await expectNoSeriousViolations(page, 'Relatórios › Funil, 375 px');
  await shot(page, 'reports-funnel-375');
});
