/**
 * The contact chooses the delivery of an order sent from WhatsApp's own catalogue and pays it (issue 35, decisions
 * 0054, 0062): Meta's 'Order Message' example, forwarded by the chatbot platform, becomes an order whose summary's
 * 'Ver pedido' (read in the demo inbox) opens /order/delivery/{orderId}; at 375 px the contact adds an address with
 * the checkout's form, picks the shop's option (its fee at that address) and a slot, then chooses Pix and sees the
 * shop's Pix code of the total with the fee (kept on a reload), changes to card and lands on the card page.
 * PLACED_SHOTS=<dir> keeps the screenshots.
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signedHeaders } from '../apps/server/src/adapters/channels/webhook-signature.ts';
import { loadMetaReference } from '../apps/server/src/test/meta-reference.ts';
import { expectNoSeriousViolations } from './axe';
import { acceptInvitation, createShopWithId } from './console-owner';
import { PLATFORM_KEY, recordSecret } from './helpers';

const SHOTS = process.env.PLACED_SHOTS ?? '.tmp/placed-delivery-shots';

test.use({ viewport: { width: 375, height: 812 } });

test("from the catalogue order's message to a chosen slot, a Pix code and the card page", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const slug = `wa-ent-${Date.now().toString(36)}`;
  const { shopId, invitationUrl } = await createShopWithId(baseURL!, PLATFORM_KEY, {
    slug,
    name: `Empório da Entrega ${slug.slice(-5)}`,
    owner: { email: `dona@${slug}.example`, name: 'Dona Lia' },
  });
  await acceptInvitation(page, invitationUrl, 'Dona Lia', 'senha-forte-123');
  const me = await page.request.get('/api/console/me');
  const csrf = ((await me.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const consoleCall = (method: 'post' | 'put', path: string, data: object) =>
    page.request[method](`/api/console/shops/${slug}${path}`, { headers: { 'x-csrf-token': csrf }, data });
  const saved = await consoleCall('post', '/catalog/products', {
    code: 'CAFE-500',
    sku: 'CAFE-500',
    name: 'Café Torrado 500 g',
    description: 'Grãos arábica, torra média.',
    brandName: null,
    sellerName: null,
    categoryCode: null,
    priceCents: 2590,
    listPriceCents: null,
    promotionalPriceCents: null,
    isActive: true,
    isRestrictedSale: false,
    hasShippingRestriction: false,
    shippingRestrictionMessage: null,
    soldInKilo: false,
    amountInKilo: null,
    kilogramPriceCents: null,
    clusterHighlights: [],
    offerDescription: null,
    specifications: [],
    subscriptionOffers: [],
    attributes: [],
    variants: [],
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const secret = `segredo-do-chatbot-${slug}`;
  recordSecret(secret);
  const messaging = await page.request.put(`/api/platform/shops/${slug}/messaging`, {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
    data: { chatbot: { eventsUrl: 'http://127.0.0.1:9/eventos', signingSecret: secret } },
  });
  expect(messaging.status()).toBe(200);

  // Meta's 'Order Message' example: 2 × our coffee (the other retailer id is not ours).
  const example = loadMetaReference().examples.find((e) => e.name === 'Order Message')!.payload;
  const body = JSON.stringify(example).replace('di9ozbzfi4', 'CAFE-500');
  const forwarded = await page.request.post(`/api/webhooks/whatsapp/chatbot/${shopId}`, {
    headers: { 'content-type': 'application/json', ...signedHeaders(secret, `evt-${slug}`, body) },
    data: body,
  });
  expect(forwarded.status()).toBe(200);

  // The contact's summary, as the demo inbox shows it: 'Ver pedido' opens the delivery choice.
  await page.goto('/dev/inbox');
  const chat = page
    .getByRole('region', { name: /Sheena Nelson/ })
    .filter({ hasText: `Empório da Entrega ${slug.slice(-5)}` });
  const link = chat.getByRole('link', { name: 'Ver pedido' }).last();
  await expect(async () => {
    await page.reload();
    await expect(link).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\/order\/delivery\/ord_[0-9a-z]{26}\?shop=wa-ent-\w+&channel=whatsapp#\S+$/);
  mkdirSync(SHOTS, { recursive: true });
  await chat.screenshot({ path: `${SHOTS}/inbox-summary-375.png` });

  // Before the shop has any delivery option: the delivery is agreed in the chat, and — the shop taking no way
  // a contact pays alone — so is the payment (the old sentence).
  const methods = (pix: boolean) =>
    consoleCall('put', '/payment-methods', {
      ...{ creditCard: pix, pix, boleto: false, link: true, nubank: false, pagaleve: false },
      onDelivery: [],
    });
  expect((await methods(false)).status()).toBe(200);
  await page.goto(href!);
  await expect(page.getByRole('heading', { name: /Pagamento do pedido nº \d+/ })).toBeVisible();
  await expect(page.getByText(/ainda não oferece opções de entrega por aqui/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pagamento pela conversa' })).toBeVisible();
  await expect(page.getByText('A loja vai mandar como pagar pela conversa.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/delivery-no-options-375.png`, fullPage: true });
  expect((await methods(true)).status()).toBe(200);
  const pixKey = await consoleCall('put', '/pix', {
    keyType: 'email',
    key: `pix@${slug}.example`,
    merchantName: 'Emporio da Entrega',
    city: 'Sao Paulo',
  });
  expect(pixKey.status(), await pixKey.text()).toBe(200);
  // Another order id with the same session: nothing tells it exists.
  await page.goto('about:blank');
  await page.goto(href!.replace(/ord_[0-9a-z]{26}/, `ord_${'0'.repeat(26)}`));
  await expect(page.getByRole('heading', { name: 'Pedido não encontrado' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/delivery-not-found-375.png`, fullPage: true });

  // The shop's option (R$ 7,00 in Bela Vista) and its slots, every day 09:00–12:00.
  const option = await consoleCall('post', '/delivery/options', {
    name: 'Entrega no bairro',
    description: null,
    freeAboveCents: null,
    orderMinCents: null,
    maxDistinctItems: null,
    maxItems: null,
    estimate: 'No mesmo dia',
    storeId: null,
    areas: [{ kind: 'neighborhood', city: 'São Paulo', neighborhood: 'Bela Vista', feeCents: 700 }],
  });
  expect(option.status(), await option.text()).toBe(201);
  const schedule = await consoleCall('put', '/delivery/schedule', {
    daysAhead: 4,
    windows: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      start: '09:00',
      end: '12:00',
      cutoffMinutes: 0,
      capacity: 3,
    })),
    exceptions: [],
  });
  expect(schedule.status(), await schedule.text()).toBe(200);
  await page.goto('about:blank');
  await page.goto(href!);
  await expect(page.getByRole('heading', { name: /Entrega do pedido nº \d+/ })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Resumo do pedido' });
  await expect(summary).toContainText('A escolher');
  await expect(summary).toContainText('R$ 51,80');
  await page.screenshot({ path: `${SHOTS}/delivery-empty-375.png`, fullPage: true });

  // No address yet: the checkout's 'Novo endereço' form.
  await page.getByRole('button', { name: 'Novo endereço' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo endereço' });
  await dialog.getByLabel('CEP*').pressSequentially('01310100');
  await expect(dialog.getByLabel('Rua*')).toHaveValue('Avenida Paulista');
  await dialog.getByLabel('Número*').fill('1000');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Endereço de entrega').locator('option:checked')).toContainText('Paulista');

  const radio = page.getByRole('radio', { name: /Entrega no bairro/ });
  await radio.check();
  await expect(page.getByText('R$ 7,00').first()).toBeVisible();
  await expect(summary).toContainText('R$ 58,80');
  const confirm = page.getByRole('button', { name: 'Confirmar entrega' });
  await expect(confirm).toBeDisabled(); // the option books slots: one must be chosen
  await page.getByLabel('Dia').selectOption({ index: 1 });
  await page.getByLabel('Horário').selectOption({ index: 1 });
  await expect(confirm).toBeEnabled();
  await expectNoSeriousViolations(page, 'entrega do pedido pelo catálogo do WhatsApp');
  await page.screenshot({ path: `${SHOTS}/delivery-chosen-375.png`, fullPage: true });

  await confirm.click();
  // WhatsApp's order carries no payment method: the contact chooses one of the ways the shop takes.
  await expect(page.getByRole('heading', { name: /Pagamento do pedido nº \d+/ })).toBeVisible();
  await expect(
    page.getByText(
      /Entrega escolhida: Entrega no bairro em .+, das 09:00 às 12:00\. Total do pedido: R\$\s58,80\./,
    ),
  ).toBeVisible();
  const pay = page.getByRole('button', { name: 'Continuar' });
  await expect(pay).toBeDisabled();
  await expect(page.getByRole('radio')).toHaveCount(2); // card and Pix; link is the shop's to send
  await page.screenshot({ path: `${SHOTS}/payment-choose-375.png`, fullPage: true });
  await page.getByRole('radio', { name: 'PIX' }).check();
  await pay.click();
  await expect(page.getByRole('heading', { name: 'Como pagar: PIX' })).toBeVisible();
  const code = page.getByLabel('Pix copia e cola');
  await expect(code).toHaveValue(new RegExp(`pix@${slug}\\.example.*540558\\.80`));
  await expect(page.getByRole('img', { name: /QR Code Pix de R\$\s58,80/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'pagamento por Pix do pedido pelo catálogo do WhatsApp');
  await page.screenshot({ path: `${SHOTS}/payment-pix-375.png`, fullPage: true });
  const pixCode = await code.inputValue();
  // The order as the platform reads it: the fee in the total, the option and the slot chosen.
  const orderId = /ord_[0-9a-z]{26}/.exec(href!)![0];
  const placed = await page.request.get(`/api/platform/shops/${slug}/orders/${orderId}`, {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
  });
  const { data } = (await placed.json()) as {
    data: { totalCents: number; delivery: { name: string }; slot: { startTime: string } | null };
  };
  expect(data).toMatchObject({
    totalCents: 5880,
    delivery: { name: 'Entrega no bairro' },
    slot: { startTime: '09:00' },
  });

  // The console's order: the version the contact made, with its fee.
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto(`/console/lojas/${slug}/pedidos`);
  await page
    .getByRole('row')
    .filter({ hasText: 'Pedido pelo catálogo do WhatsApp' })
    .getByRole('link')
    .first()
    .click();
  const version = page.locator('.order-edit-entry').first();
  await expect(version).toContainText('Escolhida pelo cliente');
  await expect(version).toContainText(/R\$\s51,80 → R\$\s58,80/);
  // The contact's payment choice in the order's history.
  await expect(page.getByText('Pagamento escolhido pelo cliente: PIX')).toBeVisible();
  await version.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/console-order-version-1366.png` });
  await page.setViewportSize({ width: 375, height: 812 });

  // The link again: the delivery is chosen, the Pix chosen is there with the same code.
  await page.goto('about:blank');
  await page.goto(href!);
  await expect(page.getByRole('heading', { name: 'Como pagar: PIX' })).toBeVisible();
  await expect(page.getByLabel('Pix copia e cola')).toHaveValue(pixCode);
  // The contact changes to card: the card page charges the total with the fee.
  await page.getByRole('button', { name: 'Trocar forma de pagamento' }).click();
  await page.getByRole('radio', { name: 'Cartão de Crédito' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/order\/payment/);
  await expect(page.getByText('R$ 58,80').first()).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/payment-card-375.png`, fullPage: true });

  // Boleto and cash on delivery, once the shop takes them.
  const more = await consoleCall('put', '/payment-methods', {
    ...{ creditCard: true, pix: true, boleto: true, link: false, nubank: false, pagaleve: false },
    onDelivery: ['cash'],
  });
  expect(more.status()).toBe(200);
  await page.goto('about:blank');
  await page.goto(href!);
  await expect(page.getByRole('heading', { name: 'Como pagar: Cartão de Crédito' })).toBeVisible();
  const change = page.getByRole('button', { name: 'Trocar forma de pagamento' });
  await change.click();
  await page.getByRole('radio', { name: 'Boleto' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Como pagar: Boleto' })).toBeVisible();
  await expect(page.getByLabel('Linha digitável')).toHaveValue(/^34191\./);
  await expect(page.getByRole('link', { name: 'Abrir boleto' })).toHaveAttribute('href', /sig=/);
  await page.screenshot({ path: `${SHOTS}/payment-boleto-375.png`, fullPage: true });
  await change.click();
  await page.getByRole('radio', { name: 'Dinheiro' }).check();
  const changeFor = page.getByLabel('Troco para quanto? (opcional)');
  await changeFor.fill('10');
  await expect(page.getByText('O valor deve ser maior que o valor do pedido!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/payment-cash-error-375.png`, fullPage: true });
  await changeFor.fill('100');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(
    page.getByText(/Você paga R\$\s58,80 na entrega: Dinheiro \(troco para R\$\s100,00\)\./),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/payment-on-delivery-375.png`, fullPage: true });
  // Paid at the door ('Registrar pagamento'): the link says the order is paid.
  const recorded = await page.request.post(`/api/console/shops/${slug}/orders/${orderId}/payments`, {
    headers: { 'x-csrf-token': csrf, 'idempotency-key': `pago-${slug}` },
    data: { amountCents: 5880, method: 5, means: 'cash', receivedAt: new Date().toISOString() },
  });
  expect(recorded.status(), await recorded.text()).toBe(200);
  await page.goto('about:blank');
  await page.goto(href!);
  await expect(page.getByRole('heading', { name: 'Pedido pago' })).toBeVisible();
  await expect(page.getByText('Este pedido já está pago.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/payment-paid-375.png`, fullPage: true });

  // A second order, whose payment the shop set to card ('Completar pedido'): the choice goes on to the card page.
  const second = JSON.parse(body) as {
    entry: { changes: { value: { messages: { id: string }[] } }[] }[];
  };
  second.entry[0]!.changes[0]!.value.messages[0]!.id = `wamid.SEGUNDO-${slug}`;
  const secondBody = JSON.stringify(second);
  const forwardedAgain = await page.request.post(`/api/webhooks/whatsapp/chatbot/${shopId}`, {
    headers: { 'content-type': 'application/json', ...signedHeaders(secret, `evt-2-${slug}`, secondBody) },
    data: secondBody,
  });
  expect(forwardedAgain.status()).toBe(200);
  let secondHref = '';
  await expect(async () => {
    await page.goto('/dev/inbox');
    const links = chat.getByRole('link', { name: 'Ver pedido' });
    await expect(links).toHaveCount(2, { timeout: 5_000 });
    secondHref = (await links.last().getAttribute('href'))!;
    expect(secondHref).not.toContain(orderId);
  }).toPass({ timeout: 60_000 });
  const secondId = /ord_[0-9a-z]{26}/.exec(secondHref)![0];
  const completion = await page.request.get(`/api/console/shops/${slug}/orders/${secondId}/completion`);
  const { data: options } = (await completion.json()) as {
    data: { version: number; paymentOptions: { id: string; name: string }[] };
  };
  const card = options.paymentOptions.find((o) => /cart[aã]o de cr[eé]dito/i.test(o.name));
  expect(card, JSON.stringify(options.paymentOptions)).toBeDefined();
  const completed = await consoleCall('post', `/orders/${secondId}/completion/payment-method`, {
    version: options.version,
    optionId: card!.id,
  });
  expect(completed.status(), await completed.text()).toBe(200);
  await page.goto(secondHref);
  await expect(page.getByLabel('Endereço de entrega').locator('option:checked')).toContainText('Paulista');
  await page.getByRole('radio', { name: /Entrega no bairro/ }).check();
  await page.getByLabel('Dia').selectOption({ index: 1 });
  await page.getByLabel('Horário').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Confirmar entrega' }).click();
  // The card the shop set: the step says so and its button opens the card page.
  await expect(page.getByRole('heading', { name: 'Como pagar: Cartão de Crédito' })).toBeVisible();
  await page.getByRole('link', { name: /Pagar R\$\s58,80 com cartão/ }).click();
  await expect(page).toHaveURL(/\/order\/payment/);
  await expect(page.getByText('R$ 58,80').first()).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/payment-375.png`, fullPage: true });
});
