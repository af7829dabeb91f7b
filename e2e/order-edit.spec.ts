import { expect, test, type Page } from '@playwright/test';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { PAULISTA_ADDRESS } from '../apps/server/src/modules/checkout/paulista-address.ts';
import { agentSession } from './agent-order';
import { expectNoSeriousViolations } from './axe';
import { expectNoSidewaysScroll } from './layout';
import { acceptInvitation } from './console-owner';
import { recordSecret } from './helpers';
import { openDb } from '../apps/server/src/db/client.ts';
import { startPrivateServerWithShop } from './prepared-server';
import type { PrivateServer } from './private-server';
import { addProductAndDelivery } from './shop-data';

/**
 * Editing a confirmed order with the contact's agreement (issue 34, decision 0053), on a server of its own: a Pix
 * order of 1 kg of cheese and a coffee, paid (the owner records the Pix); the shop's agent marks it 'Separando' (so
 * it is theirs), then 'Editar pedido': the cheese weighed 1,120 kg and a forgotten milk added; the proposal waits
 * for the contact ('Aguardando o cliente'), who opens the message's link on a 375 px phone, sees before → after,
 * accepts and is shown the shop's Pix BR Code of the difference (R$ 17,80); the order's detail shows 'Aceita', the
 * new lines and R$ 17,80 to receive, which the owner records when it arrives. Then the agent moves the delivery from
 * the morning slot to the afternoon one at the same fee: applied at once ('Aplicada pela loja'), the contact told;
 * and the owner refunds R$ 10,00 of the coffee, which arrived torn. Screenshots: ORDER_EDIT_SHOTS=<dir>.
 */
const OWNER_PASSWORD = 'senha-da-dona-edicao';
const AGENT_PASSWORD = 'senha-do-atendente-edicao';
recordSecret(OWNER_PASSWORD, AGENT_PASSWORD);
const COFFEE = { providerId: 'CAFE-1', name: 'Café Especial', priceCents: 2_500 };
const SHOTS = process.env.ORDER_EDIT_SHOTS;

let server: PrivateServer;
test.afterAll(async () => server?.stop());

/** The milk (tracked, 10 on hand) and the cheese (R$ 40,00 the 1 kg portion) the journey sells and adds. */
async function addMilkAndCheese(dataDir: string, slug: string) {
  const db = await openDb({ dataDir });
  try {
    const [shop] = await db.query<{ id: string }>('select id from shops where slug = $1', [slug]);
    await db.query(
      `insert into products (id, shop_id, provider_id, sku, name, price_cents, sold_in_kilo, amount_in_kilo, ranking)
       values ($1, $2, 'LEITE-1', 'LEITE-1', 'Leite integral', 650, false, null, 90),
              ($3, $2, 'QUEIJO-1', 'QUEIJO-1', 'Queijo minas', 4000, true, 1, 80)`,
      [`prd-${slug}-leite`, shop!.id, `prd-${slug}-queijo`],
    );
    await db.query('insert into stock_settings (product_id, shop_id, track) values ($1, $2, true)', [
      `prd-${slug}-leite`,
      shop!.id,
    ]);
    await db.query(
      `insert into stock_movements (shop_id, unit_id, product_id, reason, on_hand_delta, actor, note)
       values ($1, $2, $2, 'adjustment', 10, 'staff', 'Contagem')`,
      [shop!.id, `prd-${slug}-leite`],
    );
    // The shop's Pix key: its BR Codes ask for what is due (the difference after the edit).
    await db.query(
      `insert into shop_pix (shop_id, pix_key, merchant_name, city)
       values ($1, 'pix@edicao.example', 'Emporio Edicao', 'Sao Paulo')`,
      [shop!.id],
    );
    // Two of the shop's delivery slots, two days ahead: the order books the morning, an edit moves it.
    await db.query(
      `insert into schedule_slots (id, shop_id, day, start_time, end_time, schedule_until, capacity)
       values ('slt-edicao-manha', $1, current_date + 2, '08:00', '10:00', now() + interval '1 day', 1),
              ('slt-edicao-tarde', $1, current_date + 2, '14:00', '16:00', now() + interval '1 day', 3)`,
      [shop!.id],
    );
  } finally {
    await db.close();
  }
}

/** The newest 'Ver alteração' link the contact received (the demo inbox completes it with their session). */
async function proposalLink(origin: string, phone: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const res = await fetch(`${origin}/api/dev/inbox`);
    const body = (await res.json()) as {
      data: {
        conversations: {
          recipient: string;
          messages: { type: string; parts: { button?: { label: string; url: string } | null }[] }[];
        }[];
      };
    };
    const conversation = body.data.conversations.find((c) => c.recipient === phone);
    const message = conversation?.messages.filter((m) => m.type === 'order-edit').at(-1);
    const url = message?.parts[0]?.button?.url;
    if (url) {
      recordSecret(url.split('#')[1]!);
      return url;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no order-edit message in the demo inbox');
}

test('the agent proposes a weighed cheese and a forgotten milk; the contact accepts on the phone', async ({
  browser,
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one journey; the contact’s screen is opened at 375 px');
  test.setTimeout(240_000);
  const slug = 'edicao-pedido';
  // The shop is created (platform API) and its data written before the server's one start (e2e/prepared-server.ts).
  const prepared = await startPrivateServerWithShop(
    'order-edit',
    { slug, name: 'Empório Edição', owner: { email: `dona@${slug}.example`, name: 'Dona Eva' } },
    async (dataDir) => {
      await addProductAndDelivery(dataDir, slug, COFFEE);
      await addMilkAndCheese(dataDir, slug);
    },
  );
  server = prepared.server;
  const invitation = prepared.invitationUrl;

  // The contact's Pix order, placed in an assisted sale: 1 kg of cheese and a coffee.
  const phone = '5511987653001';
  const { ok } = await agentSession(server.origin, slug, { name: 'Clara Souza', phone });
  await ok('POST', '/api/customer/update', {
    name: 'Clara Souza',
    email: 'clara@example.com',
    document: '529.982.247-25',
  });
  await ok('POST', '/api/order/address/', PAULISTA_ADDRESS);
  await ok('POST', '/api/order/items/', { providerId: 'QUEIJO-1', quantity: 1 });
  await ok('POST', '/api/order/items/', { providerId: COFFEE.providerId, quantity: 1 });
  await ok('POST', '/api/order/logistic/', { type: 1, providerId: 'entrega', addressIndex: 0 });
  await ok('POST', '/api/order/schedule', { id: 'slt-edicao-manha' });
  await ok('POST', `/api/order/payment/method?paymentMethod=${PaymentMethod.Pix}`);
  await ok('POST', '/api/order/confirm', {});

  // The owner invites the agent; the agent signs in.
  await acceptInvitation(page, invitation, 'Dona Eva', OWNER_PASSWORD);
  await page.goto(`${server.origin}/console/lojas/${slug}/equipe`);
  const agentEmail = `beto@${slug}.example`;
  await page.getByLabel('E-mail da pessoa').fill(agentEmail);
  await page.getByLabel('Papel', { exact: true }).selectOption('agent');
  await page.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByText(`Convite enviado para ${agentEmail}.`)).toBeVisible();
  await page.goto(`${server.origin}/dev/mailbox`);
  const mail = page.getByRole('article').filter({ hasText: agentEmail });
  await expect(mail).toBeVisible({ timeout: 15_000 });
  const link = (await mail.getByRole('link').getAttribute('href'))!;
  recordSecret(link.split('#')[1]!);
  const agentContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const agent = await agentContext.newPage();
  await agent.goto(link);
  await agent.getByLabel('Seu nome').fill('Beto Lima');
  await agent.getByLabel('Crie uma senha').fill(AGENT_PASSWORD);
  await agent.getByLabel('Repita a senha').fill(AGENT_PASSWORD);
  await agent.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(agent.getByRole('heading', { name: 'Início' })).toBeVisible();

  // The contact pays the Pix: the owner records it and the order is paid (Finalized, not delivered yet).
  await page.goto(`${server.origin}/console/lojas/${slug}/pedidos`);
  await page
    .getByRole('row', { name: /Clara Souza/ })
    .getByRole('link')
    .click();
  const orderUrl = page.url();
  await recordPix(page, /74,90/);

  // The agent opens the order: not theirs yet, so no 'Editar pedido' until they take a step on it.
  await agent.goto(`${server.origin}/console/lojas/${slug}/pedidos`);
  await agent
    .getByRole('row', { name: /Clara Souza/ })
    .getByRole('link')
    .click();
  const edits = agent.getByRole('region', { name: 'Alterações' });
  await expect(edits).toContainText('Só o dono, um gerente ou o atendente que está com este pedido');
  await agent.getByRole('region', { name: 'Ações' }).getByRole('button', { name: 'Separando' }).click();
  await agent.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(edits.getByRole('button', { name: 'Editar pedido' })).toBeVisible();

  // 'Editar pedido': the cheese weighed 1,120 kg, the forgotten milk added (2), a note to the contact.
  await edits.getByRole('button', { name: 'Editar pedido' }).click();
  const dialog = agent.getByRole('dialog', { name: /Editar pedido nº/ });
  const cheese = dialog.getByRole('listitem').filter({ hasText: 'Queijo minas' });
  await cheese.getByLabel('Peso (kg)').fill('1,120');
  await dialog.getByLabel('Adicionar produto').fill('Leite');
  await dialog.getByRole('button', { name: 'Adicionar Leite integral' }).click();
  await dialog.getByRole('listitem').filter({ hasText: 'Leite integral' }).getByLabel('Quantidade').fill('2');
  await dialog
    .getByLabel('Recado ao cliente (opcional)')
    .fill('O queijo pesou 1,120 kg e incluímos o leite.');
  if (SHOTS) await agent.screenshot({ path: `${SHOTS}/editar-pedido-1366.png`, fullPage: true });
  await expectNoSeriousViolations(agent, 'Editar pedido');
  if (SHOTS) {
    await agent.setViewportSize({ width: 375, height: 812 });
    await agent.screenshot({ path: `${SHOTS}/editar-pedido-375.png` });
    await agent.setViewportSize({ width: 1366, height: 900 });
  }
  await dialog.getByRole('button', { name: 'Enviar alteração' }).click();
  await expect(agent.getByText('Proposta enviada ao cliente.', { exact: false })).toBeVisible();
  // R$ 40,00 + R$ 25,00 + R$ 9,90 → 1,12 × R$ 40,00 + R$ 25,00 + 2 × R$ 6,50 + R$ 9,90 = R$ 92,70.
  await expect(edits).toContainText('Aguardando o cliente');
  await expect(edits).toContainText(/R\$\s74,90 → R\$\s92,70/);
  if (SHOTS) await agent.screenshot({ path: `${SHOTS}/aguardando-cliente-1366.png`, fullPage: true });

  // The contact opens the message's link on the phone: before → after, then 'Aceitar alteração'.
  const url = await proposalLink(server.origin, phone);
  expect(url).toMatch(/\/order\/edit\/oed_[0-9a-z]{26}#/);
  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true });
  const contact = await phoneContext.newPage();
  await contact.goto(new URL(url, server.origin).href);
  await expect(contact.getByRole('heading', { name: /Alteração no pedido nº \d+/ })).toBeVisible();
  const diff = contact.getByRole('region', { name: 'Antes e depois' });
  await expect(diff).toContainText('Leite integral');
  await expect(diff).toContainText('Novo');
  await expect(diff).toContainText('1,12 kg');
  await expect(diff).toContainText(/Diferença de R\$\s17,80 a pagar\./);
  await expect(diff).toContainText(/Você já pagou R\$\s74,90/);
  await expectNoSidewaysScroll(contact, 'a proposta no celular');
  if (SHOTS) await contact.screenshot({ path: `${SHOTS}/cliente-proposta-375.png`, fullPage: true });
  await expectNoSeriousViolations(contact, 'a proposta no celular');
  await contact.getByRole('button', { name: 'Aceitar alteração' }).click();
  await expect(contact.getByRole('heading', { name: 'Alteração aceita' })).toBeVisible();
  await expect(contact.getByRole('button', { name: 'Aceitar alteração' })).toHaveCount(0);
  // What is left to pay, by the order's method: the shop's Pix BR Code of the difference.
  const due = contact.getByRole('region', { name: 'Pagar a diferença' });
  await expect(due.getByRole('heading', { name: /Falta pagar R\$\s17,80/ })).toBeVisible();
  await expect(due.getByRole('img', { name: /QR Code Pix de R\$\s17,80/ })).toBeVisible();
  const code = await due.getByLabel('Pix copia e cola').inputValue();
  expect(code).toMatch(/^000201/);
  expect(code).toContain('540517.80'); // field 54, the amount: the difference, not the new total
  await expectNoSidewaysScroll(contact, 'a diferença no celular');
  await expectNoSeriousViolations(contact, 'a diferença no celular');
  if (SHOTS) await contact.screenshot({ path: `${SHOTS}/cliente-aceita-375.png`, fullPage: true });

  // The order now has the new lines and total; its proposal reads 'Aceita'.
  await agent.reload();
  await expect(edits).toContainText('Aceita');
  const lines = agent.getByRole('region', { name: 'Itens' });
  await expect(lines).toContainText('Leite integral');
  await expect(lines).toContainText('1,12 kg');
  await expect(agent.getByRole('region', { name: 'Pagamento' })).toContainText(/92,70/);
  await expect(agent.getByRole('region', { name: 'Pagamento' })).toContainText(/A receber\s*R\$\s17,80/);
  if (SHOTS) await agent.screenshot({ path: `${SHOTS}/pedido-alterado-1366.png`, fullPage: true });
  await agent.setViewportSize({ width: 375, height: 812 });
  if (SHOTS) await agent.screenshot({ path: `${SHOTS}/pedido-alterado-375.png`, fullPage: true });
  await agent.setViewportSize({ width: 1366, height: 900 });

  // The delivery moves from the morning slot to the afternoon at the same fee: applied at once, with a notice.
  await edits.getByRole('button', { name: 'Editar pedido' }).click();
  const slotField = dialog.getByLabel('Horário de entrega');
  await expect(slotField).toHaveValue('slt-edicao-manha');
  await slotField.selectOption('slt-edicao-tarde');
  if (SHOTS) await agent.screenshot({ path: `${SHOTS}/editar-horario-1366.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Enviar alteração' }).click();
  await expect(agent.getByText('Pedido alterado. O cliente recebeu um aviso.')).toBeVisible();
  const applied = edits.getByRole('listitem').filter({ hasText: 'Aplicada pela loja' });
  await expect(applied).toContainText(/R\$\s92,70 → R\$\s92,70/);
  await applied.locator('summary').click();
  await expect(applied).toContainText(/08:00–10:00\s*→\s*\d{2}\/\d{2} 14:00–16:00/);
  if (SHOTS) await agent.screenshot({ path: `${SHOTS}/horario-alterado-1366.png`, fullPage: true });

  // The difference arrives (the owner records it); then the coffee turns out torn: R$ 10,00 of it back, by hand.
  await page.goto(orderUrl);
  await recordPix(page, /17,80/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/diferenca-paga-1366.png`, fullPage: true });
  const refunds = page.getByRole('region', { name: 'Reembolsos' });
  await refunds.getByRole('button', { name: 'Reembolsar' }).click();
  const refund = page.getByRole('dialog', { name: /Reembolsar o pedido nº \d+/ });
  await refund.getByLabel(COFFEE.name).fill('1');
  await expect(refund.getByLabel('Valor do reembolso (R$)')).toHaveValue('25,00');
  await refund.getByLabel('Valor do reembolso (R$)').fill('10,00');
  await refund.getByLabel('Os itens voltam ao estoque (ao receber a devolução)').uncheck();
  await refund.getByLabel('Referência do reembolso').fill('Pix devolvido à Clara');
  await refund.getByLabel('Motivo').fill('Pacote de café chegou rasgado');
  await refund.getByRole('button', { name: 'Revisar reembolso' }).click();
  const review = page.getByRole('dialog', { name: /Reembolsar R\$\s10,00 do pedido nº \d+\?/ });
  await review.getByRole('button', { name: /Reembolsar R\$\s10,00/ }).click();
  await expect(review).toBeHidden();
  await expect(refunds.getByRole('listitem')).toContainText(/Reembolso de R\$\s10,00\s*Enviado/);
  await expect(refunds).toContainText(/Reembolsado\s*R\$\s10,00/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reembolso-parcial-1366.png`, fullPage: true });
  await phoneContext.close();
  await agentContext.close();
});

/** 'Registrar pagamento' of what is due (`amount`), as a Pix received; the order reads 'Pago' after it. */
async function recordPix(page: Page, amount: RegExp) {
  const money = page.getByRole('region', { name: 'Pagamento' });
  await expect(money).toContainText(amount);
  await money.getByRole('button', { name: 'Registrar pagamento' }).click();
  const pay = page.getByRole('dialog', { name: /Registrar pagamento do pedido/ });
  await expect(pay.getByLabel('Valor recebido (R$)')).toHaveValue(amount);
  await pay.getByRole('button', { name: 'Registrar pagamento' }).click();
  await expect(pay).toBeHidden();
  await expect(page.locator('.order-summary')).toContainText('Pago');
}
