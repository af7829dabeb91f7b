import { expect, test } from '@playwright/test';
import { WEEKDAY_LABELS } from '@vitrine/contracts/console-delivery';
import { openDb } from '../apps/server/src/db/client.ts';
import { expectAccessibleAtBothWidths } from './axe';
import { ownerOnNewShop, shotBoth } from './console-owner';
import type { PrivateServer } from './private-server';
import { PAULISTA_ADDRESS } from '../apps/server/src/modules/checkout/paulista-address.ts';
import { agentSession } from './agent-order';

/**
 * Entrega in the console (issue 18, docs/decisions/0036), on a server of its own: a brand-new shop's owner sets
 * delivery by neighbourhood with a fee (the neighbourhood found by a CEP), switches external logistics on and off
 * (Configurações shows the same switch), a pickup store found by its CEP and a schedule whose window takes 2
 * orders; agents check out two orders for tomorrow's window, and the third is refused the slot — by the API
 * (409, pt-BR) and in the agent checkout, which offers no time left; the calendar shows 2/2. CONSOLE_SHOTS=<dir>
 * saves screenshots at 1366 and 375 px.
 */
const PASSWORD = 'senha-da-dona-entrega';
const SLUG = 'quitanda-entrega';
const PRODUCT = 'ALFACE-1';

let server: PrivateServer;

/** One product in the stopped server's database (the catalogue is another journey's subject). */
async function addProduct(dataDir: string) {
  const db = await openDb({ dataDir });
  try {
    await db.query(
      `insert into products (id, shop_id, provider_id, sku, name, price_cents, ranking)
       select 'prd-entrega', id, $2, $2, 'Alface crespa', 2000, 100 from shops where slug = $1`,
      [SLUG, PRODUCT],
    );
  } finally {
    await db.close();
  }
}

/** An agent session (platform API, as the chatbot mints it) with the customer, address and item set. */
async function agentOrder(phone: string) {
  const { code, call, ok } = await agentSession(server.origin, SLUG, { name: 'Cliente Entrega', phone });
  await ok('POST', '/api/customer/update', {
    name: 'Ana Lima',
    email: 'ana@example.com',
    document: '529.982.247-25',
  });
  await ok('POST', '/api/order/address/', PAULISTA_ADDRESS);
  await ok('POST', '/api/order/items/', { providerId: PRODUCT, quantity: 1 });
  const options = (await ok('GET', '/api/order/logistic/?type=1&code=01310100&number=1000')) as {
    providerId: string;
    price: number;
  }[];
  expect(options).toEqual([expect.objectContaining({ price: 7 })]);
  await ok('POST', '/api/order/logistic/', { type: 1, providerId: options[0]!.providerId, addressIndex: 0 });
  return { code, call, ok };
}

test.afterAll(async () => {
  await server?.stop();
});

test('a new shop sets delivery by neighbourhood, a pickup store and a schedule of 2; the third order is refused the slot', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  // One run at 1366 px; each screen is also checked at 375 px (expectAccessibleAtBothWidths), screenshots at both.
  await page.setViewportSize({ width: 1366, height: 860 });
  server = await ownerOnNewShop(page, {
    serverName: `console-delivery-${testInfo.project.name}`,
    slug: SLUG,
    shopName: 'Quitanda Entrega',
    owner: { name: 'Rita', password: PASSWORD },
    seed: addProduct,
  });

  // The checkout asks for a delivery time once the shop turns the schedule step on.
  await page.getByRole('link', { name: 'Configurações' }).click();
  await page.getByLabel('Agendamento').check();
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações salvas.')).toBeVisible();

  await page.getByRole('link', { name: 'Entrega' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Entrega' })).toBeVisible();
  await expect(page.getByText('Nenhuma loja ainda.')).toBeVisible();

  // A pickup store: its address found by the CEP.
  await page.getByRole('button', { name: 'Nova loja' }).click();
  const storeForm = page.getByRole('form', { name: 'Nova loja' });
  await storeForm.getByLabel('Nome da loja').fill('Quitanda Paulista');
  await storeForm.getByLabel('CEP').fill('01310-100');
  await storeForm.getByRole('button', { name: 'Buscar CEP' }).click();
  await expect(storeForm.getByLabel('Rua')).toHaveValue('Avenida Paulista');
  await expect(storeForm.getByLabel('Bairro')).toHaveValue('Bela Vista');
  await storeForm.getByLabel('Número').fill('900');
  await storeForm.getByLabel('Taxa de serviço (R$)').fill('2,50');
  await storeForm.getByLabel('Prazo de retirada').selectOption({ label: 'Em até … horas' });
  await storeForm.getByLabel('Quantas horas').fill('2');
  await storeForm.getByLabel('Sábado', { exact: true }).check();
  await storeForm.getByLabel('Fecha (Sábado)').fill('07:00');
  await storeForm.getByRole('button', { name: 'Salvar loja' }).click();
  await expect(storeForm.getByText('O fechamento deve ser depois da abertura.')).toBeVisible();
  await storeForm.getByLabel('Fecha (Sábado)').fill('13:00');
  await shotBoth(page, 'store-form');
  await storeForm.getByRole('button', { name: 'Salvar loja' }).click();
  await expect(page.getByText('Loja Quitanda Paulista salva.')).toBeVisible();
  const stores = page.getByRole('region', { name: 'Lojas', exact: true });
  await expect(stores).toContainText('Avenida Paulista, 900 - Bela Vista');
  await expect(stores).toContainText('Taxa de serviço: R$ 2,50');
  await expect(stores).toContainText('Sáb 08:00–13:00');

  // Delivery by neighbourhood with its fee; an option without an area is refused at the field.
  await page.getByRole('button', { name: 'Nova opção de entrega' }).click();
  const optionForm = page.getByRole('form', { name: 'Nova opção de entrega' });
  await optionForm.getByLabel('Nome da opção').fill('Entrega no bairro');
  await optionForm.getByRole('button', { name: 'Salvar opção' }).click();
  await expect(optionForm.getByText('Informe ao menos uma área de entrega.')).toBeVisible();
  // The neighbourhood and city come from a CEP typed in the area (an unknown one is said so).
  await optionForm.getByRole('button', { name: 'Adicionar bairro' }).click();
  const areaCep = optionForm.getByLabel('CEP (opcional)');
  await areaCep.fill('0131010');
  await areaCep.press('Enter'); // looks up, never submits the option
  await expect(optionForm.getByText('Informe os 8 dígitos do CEP.')).toBeVisible();
  await areaCep.fill('99999-999');
  await expect(optionForm.getByText('CEP não encontrado.')).toBeVisible();
  await areaCep.fill('01310-100');
  await expect(optionForm.getByLabel('Bairro')).toHaveValue('Bela Vista');
  await expect(optionForm.getByLabel('Cidade')).toHaveValue('São Paulo');
  await expect(optionForm.getByRole('status')).toHaveText('Encontrado: Bela Vista, São Paulo.');
  await optionForm.getByLabel('Taxa (R$)').fill('7,00');
  await optionForm.getByLabel('Prazo', { exact: true }).selectOption({ label: 'No mesmo dia' });
  await shotBoth(page, 'option-form');
  await optionForm.getByRole('button', { name: 'Salvar opção' }).click();
  await expect(page.getByText('Opção Entrega no bairro salva.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Opções de entrega' })).toContainText(
    'Bela Vista (São Paulo): R$ 7,00',
  );

  // Logística externa: switched here, the very setting Configurações shows; back off for the journey.
  const external = page.getByLabel('Usar logística externa');
  await external.check();
  await expect(page.getByText('Logística externa ligada.')).toBeVisible();
  await page.getByRole('link', { name: 'Configurações' }).click();
  await expect(page.getByLabel('Logística externa', { exact: true })).toBeChecked();
  await page.getByRole('link', { name: 'Entrega' }).click();
  await external.uncheck();
  await expect(page.getByText('Logística externa desligada.')).toBeVisible();

  // Tomorrow's weekday: 09:00–12:00, orders until an hour before, 2 orders.
  const tomorrow = new Date(Date.now() - 3 * 3_600_000 + 86_400_000);
  const weekday = WEEKDAY_LABELS[tomorrow.getUTCDay()]!;
  const dayMonth = `${tomorrow.toISOString().slice(8, 10)}/${tomorrow.toISOString().slice(5, 7)}`;
  const schedule = page.getByRole('form', { name: 'Agenda de entregas' });
  await schedule.getByLabel('Dias mostrados no checkout').fill('3');
  await schedule.getByRole('button', { name: 'Adicionar janela semanal' }).click();
  await schedule.getByLabel('Dia', { exact: true }).selectOption({ label: weekday });
  // The cut-off reads in hours and minutes (issue 38): 1 h 30 min before 09:00 is 07:30.
  await schedule.getByLabel('Pedidos até (horas antes)').fill('1');
  await schedule.getByLabel('e minutos antes').fill('30');
  await schedule.getByLabel('Capacidade (pedidos)').fill('0');
  await schedule.getByRole('button', { name: 'Salvar agenda' }).click();
  await expect(schedule.getByText('A capacidade é de ao menos 1 pedido.')).toBeVisible();
  await schedule.getByLabel('Capacidade (pedidos)').fill('2');
  await schedule.getByRole('button', { name: 'Salvar agenda' }).click();
  await expect(page.getByText('Agenda salva.')).toBeVisible();
  const day = page.getByRole('listitem').filter({ hasText: `${weekday} ${dayMonth}` });
  await expect(day).toContainText('0/2');
  await expect(day).toContainText(`pedidos até ${tomorrow.toISOString().slice(8, 10)}/`);
  await expect(day).toContainText('07:30');

  // Two agents book tomorrow's window and confirm; the third is refused the slot.
  const slotOf = async (agent: Awaited<ReturnType<typeof agentOrder>>) => {
    const days = (await agent.ok('GET', '/api/order/schedule')) as {
      header: string;
      options: { id: string }[];
    }[];
    return days.find((d) => d.header.endsWith(dayMonth))?.options[0]?.id;
  };
  let slotId = '';
  for (const phone of ['5511987652001', '5511987652002']) {
    const agent = await agentOrder(phone);
    slotId = (await slotOf(agent))!;
    await agent.ok('POST', '/api/order/schedule', { id: slotId });
    await agent.ok('POST', '/api/order/payment/delivery', { providerId: 'cash', cashAmount: 100 });
    await agent.ok('POST', '/api/order/confirm', {});
  }
  const third = await agentOrder('5511987652003');
  expect(await slotOf(third)).toBeUndefined();
  const refused = await third.call('POST', '/api/order/schedule', { id: slotId });
  expect(refused.status).toBe(409);
  expect(refused.message).toBe('Este horário de entrega não está mais disponível.');

  // In the agent checkout, tomorrow's window is not offered any more.
  await page.goto(`${server.origin}/catalog#${third.code}`);
  await page.getByRole('banner').locator('a[href="/catalog"]').waitFor();
  await expect(page.getByText('Alface crespa').first()).toBeVisible();
  await page.goto(`${server.origin}/order/checkout`);
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Itens do pedido' })).toContainText('Alface crespa');
  await expect(page.getByText('Sem horários de entrega disponíveis')).toBeVisible();

  // The calendar: 2 of 2, full; the audit log reads old → new.
  await page.goto(`${server.origin}/console/lojas/${SLUG}/entrega`);
  await expect(day).toContainText('2/2 · lotado');
  // The slot lists its two orders and opens them (issue 38).
  const booked = day.getByRole('list', { name: /^Pedidos de / }).getByRole('link');
  await expect(booked).toHaveCount(2);
  await expectAccessibleAtBothWidths(page, 'Entrega');
  await shotBoth(page, 'delivery');
  await booked.first().click();
  await expect(page.getByRole('heading', { name: /^Pedido nº \d+$/ })).toBeVisible();
  await page.goto(`${server.origin}/console/lojas/${SLUG}/auditoria`);
  await expect(page.getByText('alterou a agenda de entregas')).toBeVisible();
  await expect(page.getByText('criou a opção de entrega “Entrega no bairro”')).toBeVisible();
  await expect(page.getByText('cadastrou a loja “Quitanda Paulista”')).toBeVisible();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: /^Taxa de serviço:/ })
      .locator('ins'),
  ).toHaveText('R$ 2,50');
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: /^Logística externa:/ })
      .first()
      .locator('ins'),
  ).toHaveText('desligada');
  await shotBoth(page, 'audit');
});
