import { expect, test, type Page } from '@playwright/test';
import { WEEKDAY_LABELS } from '@vitrine/contracts/console-delivery';
import { expectAccessibleAtBothWidths } from './axe';
import { shotBoth } from './console-owner';
import { recordSecret } from './helpers';
import { openDb } from '../apps/server/src/db/client.ts';
import { startPrivateServerWithShop } from './prepared-server';
import type { PrivateServer } from './private-server';
import { PAULISTA_ADDRESS } from '../apps/server/src/modules/checkout/paulista-address.ts';
import { agentSession } from './agent-order';

/**
 * A schedule per delivery option (issue 18, decision 0036), on a server of its own: a new shop's owner gives the
 * shop a morning window and its 'Expressa' option an afternoon window of its own in Entrega › Agenda (the calendar
 * follows the choice); an agent whose order goes by 'Expressa' is offered only the afternoon in the checkout,
 * and by 'Comum' only the shop's morning. Runs at 1366 and at 375 px; CONSOLE_SHOTS=<dir> saves screenshots.
 */
const PASSWORD = 'senha-da-dona-agenda';
recordSecret(PASSWORD);
const SLUG = 'quitanda-agenda';
const PRODUCT = 'COUVE-1';

let server: PrivateServer | undefined;

const shot = shotBoth;

async function addProduct(dataDir: string) {
  const db = await openDb({ dataDir });
  try {
    await db.query(
      `insert into products (id, shop_id, provider_id, sku, name, price_cents, ranking)
       select 'prd-agenda', id, $2, $2, 'Couve manteiga', 500, 100 from shops where slug = $1`,
      [SLUG, PRODUCT],
    );
  } finally {
    await db.close();
  }
}

/** An agent session (platform API) with the customer, address and item set; `choose` picks a delivery option. */
async function agentOrder(origin: string) {
  const { code, ok } = await agentSession(origin, SLUG, {
    name: 'Cliente Agenda',
    phone: '5511987653001',
  });
  await ok('POST', '/api/order/address/', PAULISTA_ADDRESS);
  await ok('POST', '/api/order/items/', { providerId: PRODUCT, quantity: 1 });
  const options = (await ok('GET', '/api/order/logistic/?type=1&code=01310100&number=1000')) as {
    providerId: string;
    name: string;
  }[];
  const choose = (name: string) =>
    ok('POST', '/api/order/logistic/', {
      type: 1,
      providerId: options.find((o) => o.name === name)!.providerId,
      addressIndex: 0,
    });
  return { code, choose };
}

async function addOption(page: Page, name: string) {
  await page.getByRole('button', { name: 'Nova opção de entrega' }).click();
  const form = page.getByRole('form', { name: 'Nova opção de entrega' });
  await form.getByLabel('Nome da opção').fill(name);
  await form.getByRole('button', { name: 'Adicionar bairro' }).click();
  await form.getByLabel('Bairro', { exact: true }).fill('Bela Vista');
  await form.getByLabel('Cidade').fill('São Paulo');
  await form.getByLabel('Taxa (R$)').fill('7,00');
  await form.getByRole('button', { name: 'Salvar opção' }).click();
  await expect(page.getByText(`Opção ${name} salva.`)).toBeVisible();
}

async function addWindow(page: Page, weekday: string, start: string, end: string, capacity: string) {
  const schedule = page.getByRole('form', { name: 'Agenda de entregas' });
  await schedule.getByRole('button', { name: 'Adicionar janela semanal' }).click();
  await schedule.getByLabel('Dia', { exact: true }).selectOption({ label: weekday });
  await schedule.getByLabel('Início').fill(start);
  await schedule.getByLabel('Fim').fill(end);
  await schedule.getByLabel('Capacidade (pedidos)').fill(capacity);
  await schedule.getByRole('button', { name: 'Salvar agenda' }).click();
  await expect(page.getByText('Agenda salva.').first()).toBeVisible();
}

test.afterAll(async () => {
  await server?.stop();
});

test('an option with its own window: the agent checkout offers only that window’s slots', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 860 });
  const name = `console-delivery-scopes-${testInfo.project.name}`;
  // The shop is created (platform API) and its data written before the server's one start (e2e/prepared-server.ts).
  const prepared = await startPrivateServerWithShop(
    name,
    { slug: SLUG, name: 'Quitanda Agenda', owner: { email: `dona@${SLUG}.example`, name: 'Rita' } },
    addProduct,
  );
  server = prepared.server;
  const { invitationUrl } = prepared;
  await page.goto(invitationUrl);
  await page.getByLabel('Seu nome').fill('Rita');
  await page.getByLabel('Crie uma senha').fill(PASSWORD);
  await page.getByLabel('Repita a senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(page.getByRole('heading', { name: 'Início' })).toBeVisible();

  await page.goto(`${server.origin}/console/lojas/${SLUG}/configuracoes`);
  await page.getByLabel('Agendamento').check();
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações salvas.')).toBeVisible();

  await page.goto(`${server.origin}/console/lojas/${SLUG}/entrega`);
  await expect(page.getByRole('heading', { level: 1, name: 'Entrega' })).toBeVisible();
  await addOption(page, 'Expressa');
  await addOption(page, 'Comum');

  // The whole shop: mornings; Expressa: afternoons of its own. The calendar follows the schedule chosen.
  const tomorrow = new Date(Date.now() - 3 * 3_600_000 + 86_400_000);
  const weekday = WEEKDAY_LABELS[tomorrow.getUTCDay()]!;
  const dayMonth = `${tomorrow.toISOString().slice(8, 10)}/${tomorrow.toISOString().slice(5, 7)}`;
  const scope = page.getByLabel('Agenda de', { exact: true });
  await expect(scope).toHaveValue('');
  await addWindow(page, weekday, '09:00', '12:00', '5');
  const calendarDay = page.getByRole('listitem').filter({ hasText: `${weekday} ${dayMonth}` });
  await expect(calendarDay).toContainText('09:00–12:00');
  await scope.selectOption({ label: 'Expressa' });
  await expect(page.getByText('Expressa ainda não tem agenda própria')).toBeVisible();
  await expect(page.getByText('Nenhum horário nos próximos dias.')).toBeVisible();
  await addWindow(page, weekday, '15:00', '17:00', '2');
  await expect(page.getByRole('heading', { name: 'Pedidos agendados · Expressa' })).toBeVisible();
  await expect(calendarDay).toContainText('15:00–17:00');
  await expect(calendarDay).not.toContainText('09:00–12:00');
  await expect(scope.locator('option', { hasText: 'Expressa · agenda própria' })).toHaveCount(1);
  await expectAccessibleAtBothWidths(page, 'Entrega › Agenda por opção');
  await shot(page, 'schedule-scope');
  await scope.selectOption({ label: 'Toda a loja' });
  await expect(calendarDay).toContainText('09:00–12:00');
  await expect(calendarDay).not.toContainText('15:00–17:00');

  // The agent's order goes by Expressa: only its afternoon is offered; by Comum, only the shop's morning.
  const agent = await agentOrder(server.origin);
  await agent.choose('Expressa');
  await page.goto(`${server.origin}/catalog#${agent.code}`);
  await page.getByRole('banner').locator('a[href="/catalog"]').waitFor();
  await page.goto(`${server.origin}/order/checkout`);
  const section = page.getByRole('region', { name: 'Agendamento' });
  const day = section.getByLabel('Dia');
  await expect(day.locator('option', { hasText: dayMonth })).toHaveCount(1);
  await day.selectOption({ label: (await day.locator('option', { hasText: dayMonth }).textContent())! });
  const time = section.getByLabel('Horário');
  await expect(time.locator('option:not([disabled])')).toHaveCount(1);
  await expect(time.locator('option:not([disabled])')).toContainText('15:00');
  await shot(page, 'checkout-option-slots');

  await agent.choose('Comum');
  await page.reload();
  await expect(day.locator('option', { hasText: dayMonth })).toHaveCount(1);
  await day.selectOption({ label: (await day.locator('option', { hasText: dayMonth }).textContent())! });
  await expect(time.locator('option:not([disabled])')).toHaveCount(1);
  await expect(time.locator('option:not([disabled])')).toContainText('09:00');

  // Removing an option asks first (the shared list of Entrega), then it leaves the schedule picker.
  await page.goto(`${server.origin}/console/lojas/${SLUG}/entrega`);
  await page.getByRole('button', { name: 'Remover Comum' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByText('Comum removida.')).toBeVisible();
  await expect(scope.locator('option', { hasText: 'Comum' })).toHaveCount(0);
});
