import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { expectAccessibleAtBothWidths } from './axe';
import { acceptInvitation, shotBoth } from './console-owner';
import { recordSecret } from './helpers';
import { startPrivateServerWithShop } from './prepared-server';
import type { PrivateServer } from './private-server';
import { addProductAndDelivery } from './shop-data';
import { PAULISTA_ADDRESS } from '../apps/server/src/modules/checkout/paulista-address.ts';
import { agentSession } from './agent-order';

/**
 * Payments in the console (issue 18, docs/decisions/0040), on a server of its own whose Mercado Pago API is a
 * local fake: a new shop's owner switches on 'Personalizado' named 'Vale-alimentação' (a blank name is refused in
 * pt-BR) and the agent checkout offers it; sets the installment rules in 'Conta de pagamento' and the agent's
 * card plans for a confirmed order go from 1x to 6x; 'Testar conexão' reports the fake's 401 for one token and
 * 'Conexão OK' for another, never showing either; 'Atendentes registram pagamentos' is kept; a Pix order's
 * payment recorded by hand (a double click, one payment) makes it Pago on its timeline, and 'Desfazer' takes it
 * back (issue 32). CONSOLE_SHOTS=<dir> saves screenshots at 1366 and 375 px.
 */
const PASSWORD = 'senha-da-dona-pagamentos';
const GOOD = 'APP_USR-token-aceito-0123456789-ok42';
const BAD = 'APP_USR-token-recusado-0123456789-no13';
for (const secret of [PASSWORD, GOOD, BAD]) recordSecret(secret);
const PRODUCT = { providerId: 'CAFE-1', name: 'Café Especial', priceCents: 8_000 };

let provider: Server;
let server: PrivateServer;

test.beforeAll(async () => {
  provider = createServer((req, res) => {
    const known = req.method === 'GET' && req.url === '/v1/payment_methods';
    const ok = known && req.headers.authorization === `Bearer ${GOOD}`;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ok ? [{ id: 'pix' }, { id: 'master' }] : { message: 'invalid access token' }));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => provider?.close(resolve));
});

const shot = shotBoth;

/** An agent session for `phone` (as the chatbot mints it) and JSON calls in it. */
async function agentFor(slug: string, phone: string) {
  const { code, ok } = await agentSession(server.origin, slug, { name: 'Cliente Pagamentos', phone });
  return {
    code,
    post: (url: string, data?: object) => ok('POST', url, data),
    get: <T>(url: string) => ok<T>('GET', url),
  };
}

type CardOption = { providerId: string; installments: { count: number }[] };
const mostInstallments = (options: CardOption[]) =>
  Math.max(...options.flatMap((o) => o.installments.map((plan) => plan.count)));

test('the owner names a custom method, sets installment rules and tests the Mercado Pago token', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 860 });
  const slug = `pagamentos-${testInfo.project.name}`;
  const name = `payments-${testInfo.project.name}`;
  const env = { MERCADOPAGO_API_URL: `http://127.0.0.1:${(provider.address() as { port: number }).port}` };
  // The shop is created (platform API) and its data written before the server's one start (e2e/prepared-server.ts).
  const prepared = await startPrivateServerWithShop(
    name,
    { slug, name: 'Empório Pagamentos', owner: { email: `dona@${slug}.example`, name: 'Dona Lia' } },
    (dataDir) => addProductAndDelivery(dataDir, slug, PRODUCT),
    { env },
  );
  server = prepared.server;
  const invitation = prepared.invitationUrl;
  await acceptInvitation(page, invitation, 'Dona Lia', PASSWORD);
  const consoleUrl = `${server.origin}/console/lojas/${slug}/pagamentos`;

  // Pagamentos › Formas de pagamento (an old Vendas bookmark lands there, issue 38): 'Personalizado' needs a name;
  // then the agent checkout offers it under that name.
  await page.goto(`${server.origin}/console/lojas/${slug}/vendas/pagamento`);
  await expect(page).toHaveURL(`${consoleUrl}/formas`);
  await page.getByLabel('Personalizado').check();
  await page.getByRole('button', { name: 'Salvar formas de pagamento' }).click();
  await expect(page.getByText('Dê à forma personalizada um nome de 1 a 40 caracteres.')).toBeVisible();
  await page.getByLabel('Nome da forma personalizada').fill('Vale-alimentação');
  await shot(page, 'pagamento-personalizado');
  await page.getByLabel('Atendentes registram pagamentos').check();
  await page.getByRole('button', { name: 'Salvar formas de pagamento' }).click();
  await expect(page.getByText('Formas de pagamento salvas.', { exact: false })).toBeVisible();
  // The setting was sent and kept: a reload shows it ticked (issue 32).
  await page.reload();
  await expect(page.getByLabel('Atendentes registram pagamentos')).toBeChecked();

  const shopper = await agentFor(slug, '5511987652001');
  await shopper.post('/api/order/items/', { providerId: PRODUCT.providerId, quantity: 1 });
  const offered = await shopper.get<{ method: number; name: string }[]>('/api/order/payments/');
  expect(offered).toContainEqual(
    expect.objectContaining({ method: PaymentMethod.Custom, name: 'Vale-alimentação' }),
  );
  const checkout = await page.context().newPage();
  await checkout.goto(`${server.origin}/catalog#${shopper.code}`);
  await checkout.getByRole('banner').locator('a[href="/catalog"]').waitFor();
  await checkout.goto(`${server.origin}/order/checkout`);
  await expect(checkout.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeVisible();
  const custom = checkout.getByRole('radio', { name: 'Vale-alimentação' });
  await expect(custom).toBeVisible({ timeout: 15_000 }); // the checkout's methods load after its first paint
  await custom.check();
  await expect(checkout.getByRole('button', { name: 'Finalizar e enviar Vale-alimentação' })).toBeVisible();
  await shot(checkout, 'checkout-personalizado');
  await checkout.close();

  // A card order confirmed by an agent: the shop's rules (never set) offer 1x only.
  const agent = await agentFor(slug, '5511987652002');
  await agent.post('/api/customer/update', {
    name: 'Ana Lima',
    email: 'ana@example.com',
    document: '529.982.247-25',
  });
  await agent.post('/api/order/address/', PAULISTA_ADDRESS);
  await agent.post('/api/order/items/', { providerId: PRODUCT.providerId, quantity: 2 });
  await agent.post('/api/order/logistic/', { type: 1, providerId: 'entrega', addressIndex: 0 });
  await agent.post(`/api/order/payment/method?paymentMethod=${PaymentMethod.CreditCard}`);
  await agent.post('/api/order/confirm', {});
  expect(mostInstallments(await agent.get<CardOption[]>('/api/order/payment/credit'))).toBe(1);

  // Pagamentos › Conta de pagamento: the rules, checked field by field, then saved.
  await page.goto(`${consoleUrl}/formas`);
  await page.getByRole('link', { name: 'Conta de pagamento' }).click();
  await expect(page.getByRole('heading', { name: 'Conta de pagamento' })).toBeVisible();
  await page.getByLabel('Máximo de parcelas').fill('30');
  await page.getByLabel('Juros ao mês (%)').fill('12');
  await page.getByRole('button', { name: 'Salvar conta de pagamento' }).click();
  await expect(page.getByText('O número máximo de parcelas deve ser um inteiro de 1 a 24.')).toBeVisible();
  await expect(page.getByText('A taxa de juros mensal deve ser de 0% a 10%', { exact: false })).toBeVisible();
  await page.getByLabel('Máximo de parcelas').fill('6');
  await page.getByLabel('Parcelas sem juros').fill('3');
  await page.getByLabel('Parcela mínima (R$)').fill('10,00');
  await page.getByLabel('Juros ao mês (%)').fill('1,99');
  await page.getByRole('button', { name: 'Salvar conta de pagamento' }).click();
  await expect(page.getByText('Conta de pagamento salva.', { exact: false })).toBeVisible();
  // 'Pix no banco' picks its PEM files with a pt-BR picker, whatever the browser's language (issue 38).
  await page.getByRole('link', { name: 'Pix no banco' }).click();
  const certificate = page.getByRole('group', { name: 'Certificado (PEM)' });
  await expect(certificate.getByText('Nenhum arquivo escolhido')).toBeVisible();
  await certificate.getByLabel('Escolher arquivo — Certificado (PEM)').setInputFiles({
    name: 'banco.pem',
    mimeType: 'application/x-pem-file',
    buffer: Buffer.from('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n'),
  });
  await expect(certificate.getByText('banco.pem')).toBeVisible();
  expect(mostInstallments(await agent.get<CardOption[]>('/api/order/payment/credit'))).toBe(6);

  // The agent's card page shows the new plans.
  const card = await page.context().newPage();
  await card.goto(`${server.origin}/catalog#${agent.code}`);
  await card.getByRole('banner').locator('a[href="/catalog"]').waitFor();
  await card.goto(`${server.origin}/order/payment`);
  await card.getByLabel('Tipo do cartão').selectOption({ label: 'Crédito' });
  await expect(card.getByLabel('Parcelas').locator('option')).toHaveCount(6);
  await shot(card, 'cartao-parcelas');
  await card.close();

  // 'Testar conexão' with the typed token (nothing saved): refused, then accepted; the token never shows.
  await page.getByRole('link', { name: 'Conta de pagamento' }).click();
  const account = page.getByRole('region', { name: 'Conta de pagamento' });
  await page.getByLabel('Tipo de conta').selectOption({ label: 'Mercado Pago' });
  await page.getByLabel('Token de acesso (Access token)').fill(BAD);
  await account.getByRole('button', { name: 'Testar conexão' }).click();
  const answer = page.getByRole('status').filter({ hasText: /Credenciais|Conexão/ });
  await expect(answer).toHaveText('Credenciais recusadas pelo Mercado Pago (401)');
  await page.getByLabel('Token de acesso (Access token)').fill(GOOD);
  await account.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(answer).toHaveText('Conexão OK');
  // The answer was about that token: another one typed hides it until it is tested.
  await page.getByLabel('Token de acesso (Access token)').fill(BAD);
  await expect(answer).toHaveCount(0);
  await page.getByLabel('Token de acesso (Access token)').fill(GOOD);
  await expect(answer).toHaveText('Conexão OK');
  // Saving Mercado Pago needs every key it uses: each missing one is named on its field.
  await page.getByRole('button', { name: 'Salvar conta de pagamento' }).click();
  await expect(page.getByText('Obrigatória para Mercado Pago.')).toHaveCount(2);
  await shot(page, 'conta-de-pagamento');
  await expectAccessibleAtBothWidths(page, 'Pagamentos › Conta de pagamento');
  await expect(page.locator('body')).not.toContainText(GOOD);

  // 'Registrar pagamento' (issue 32): a Pix paid to the shop's key outside any API, recorded by hand, then undone.
  const buyer = await agentFor(slug, '5511987652003');
  await buyer.post('/api/customer/update', {
    name: 'Rita Pix',
    email: 'rita@example.com',
    document: '529.982.247-25',
  });
  await buyer.post('/api/order/address/', PAULISTA_ADDRESS);
  await buyer.post('/api/order/items/', { providerId: PRODUCT.providerId, quantity: 1 });
  await buyer.post('/api/order/logistic/', { type: 1, providerId: 'entrega', addressIndex: 0 });
  await buyer.post(`/api/order/payment/method?paymentMethod=${PaymentMethod.Pix}`);
  await buyer.post('/api/order/confirm', {});
  await page.goto(`${server.origin}/console/lojas/${slug}/pedidos`);
  await page
    .getByRole('row', { name: /Rita Pix/ })
    .getByRole('link')
    .click();
  const money = page.getByRole('region', { name: 'Pagamento' });
  await expect(money).toContainText('A receber');
  await money.getByRole('button', { name: 'Registrar pagamento' }).click();
  const dialog = page.getByRole('dialog', { name: /Registrar pagamento do pedido/ });
  const amount = await dialog.getByLabel('Valor recebido (R$)').inputValue();
  expect(amount).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}$/);
  await expect(dialog.getByLabel('Forma de pagamento')).toHaveValue(String(PaymentMethod.Pix));
  await dialog.getByLabel('Meio').selectOption({ label: 'Transferência' });
  await dialog.getByLabel('Referência do comprovante (opcional)').fill('E12345678202611291200abcdefghijk');
  await shot(page, 'registrar-pagamento');
  // A double click records one payment (one Idempotency-Key per opening of the dialog).
  await dialog.getByRole('button', { name: 'Registrar pagamento' }).dblclick();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.order-summary')).toContainText('PIX · Pago');
  const recorded = money.getByRole('listitem').filter({ hasText: 'Pagamento registrado' });
  await expect(recorded).toHaveCount(1);
  await expect(recorded).toContainText(`R$ ${amount}`);
  await expect(recorded).toContainText('por Dona Lia');
  await expect(recorded).toContainText('Referência: E12345678202611291200abcdefghijk');
  // The page under the 'Pagamento registrado' toast (at 375 px it covers the card's buttons until closed)
  await page.getByRole('button', { name: 'Fechar notificação' }).click();
  // …and its last button scrolled above the two-row section bar that ends the phone's screen
  await page
    .locator('.console-danger')
    .last()
    .evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expectAccessibleAtBothWidths(page, 'Pedido › Pagamento');
  await shot(page, 'linha-do-tempo');

  // 'Desfazer' asks first, then the order is due again and the timeline keeps both entries.
  await recorded.getByRole('button', { name: 'Desfazer' }).click();
  const ask = page.getByRole('dialog', { name: /Desfazer o pagamento/ });
  await ask.getByRole('button', { name: 'Desfazer pagamento' }).click();
  await expect(ask).toBeHidden();
  await expect(money.getByRole('listitem').filter({ hasText: 'Pagamento desfeito' })).toHaveCount(1);
  await expect(recorded.getByRole('button', { name: 'Desfazer' })).toHaveCount(0);
  await expect(page.locator('.order-summary')).toContainText('PIX · Aguardando');
  await shot(page, 'pagamento-desfeito');
});
