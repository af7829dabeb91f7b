import { expect, test, type Page } from '@playwright/test';
import { localTime } from '@vitrine/contracts/shop-time';
import { openDb } from '../apps/server/src/db/client.ts';
import { agentSession } from './agent-order';
import { expectAccessibleAtBothWidths } from './axe';
import { ownerOnNewShop, shotBoth } from './console-owner';
import { PRIVATE_PLATFORM_KEY, startPrivateServer, type PrivateServer } from './private-server';

/**
 * Recuperação (issue 36), on a server of its own, at 1366 px with each screen also checked at 375 px: a new shop's owner finds
 * the section, is refused a first reminder of 2 minutes, a message with {cupom}, a Pix reminder 0 minutes before,
 * a payment message with {prazo} and a second reminder's coupon of 150% valid 0 hours at the field (nothing saved),
 * then turns recovery on, with payment reminders, a 15% coupon valid 3 days on the second reminder and the carts'
 * approved WhatsApp template (refused first with a name Meta would not have and an unknown parameter). Three contacts left carts an hour ago; one asked the chatbot platform to stop. After a
 * restart the recovery worker's first round sends two reminders and skips the third with its reason, and the list
 * shows each — sent, the second one scheduled, not sent and why. Axe at each step; CONSOLE_SHOTS=<dir> saves
 * screenshots.
 */
const SLUG = 'quitanda-recupera';
const PRODUCT = 'ALFACE-1';
let server: PrivateServer | undefined;

test.afterAll(async () => {
  await server?.stop();
});

async function onDb(dataDir: string, statements: [string, unknown[]][]) {
  const db = await openDb({ dataDir });
  try {
    for (const [text, values] of statements) await db.query(text, values);
  } finally {
    await db.close();
  }
}

const addProduct = (dataDir: string) =>
  onDb(dataDir, [
    [
      `insert into products (id, shop_id, provider_id, sku, name, price_cents, ranking)
       select 'prd-recupera', id, $2, $2, 'Alface crespa', 450, 100 from shops where slug = $1`,
      [SLUG, PRODUCT],
    ],
  ]);

/** Quiet hours that are certainly not now: starting two hours from now in São Paulo, one hour long. */
function quietAwayFromNow() {
  const at = (hours: number) => localTime(Date.now() + hours * 3_600_000, 'America/Sao_Paulo');
  return { start: at(2), end: at(3) };
}

async function rows(page: Page) {
  return page.getByRole('region', { name: 'Lembretes', exact: true }).getByRole('row');
}

test('the owner sets the rule; reminders are sent, scheduled and skipped with their reason', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 860 });
  const name = `console-recovery-${testInfo.project.name}`;
  server = await ownerOnNewShop(page, {
    serverName: name,
    slug: SLUG,
    shopName: 'Quitanda Recupera',
    owner: { name: 'Rosa', password: 'senha-da-dona-recupera' },
    seed: addProduct,
  });
  for (const [contact, phone] of [
    ['Ana Lima', '5511987654001'],
    ['Bruno Reis', '5511987654002'],
    ['Carla Dias', '5511987654003'],
  ] as const) {
    const agent = await agentSession(server.origin, SLUG, { name: contact, phone });
    await agent.ok('POST', '/api/order/items/', { providerId: PRODUCT, quantity: 2 });
  }
  const optOut = await fetch(`${server.origin}/api/platform/shops/${SLUG}/contacts/opt-out`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${PRIVATE_PLATFORM_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ phone: '5511987654003', optedOut: true }),
  });
  expect(optOut.status).toBe(200);

  await page
    .getByRole('navigation', { name: 'Seções do console' })
    .getByRole('link', { name: 'Recuperação' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recuperação' })).toBeVisible();
  await expect(page.getByText('Nenhum lembrete ainda.')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Recuperação, vazia');

  // Bad input is refused at the field, and nothing is saved.
  const form = page.getByRole('form', { name: 'Carrinho abandonado' });
  await form.getByLabel('Lembrar o cliente que deixou itens no carrinho').check();
  await form.getByLabel('Primeiro lembrete após (minutos sem mudança)').fill('2');
  await form.getByLabel('Mensagem').fill('Oi {nome}! Use o cupom {cupom}: {link}');
  await form.getByLabel('Lembrar o cliente que confirmou com Pix ou boleto e ainda não pagou').check();
  await form.getByLabel('Lembrete do Pix antes de o código vencer (minutos)').fill('0');
  await form.getByLabel('Texto do lembrete de pagamento').fill('Pague {valor} até {prazo}');
  await form.getByLabel('Oferecer um cupom no segundo lembrete').check();
  await form.getByLabel('Desconto (%)').fill('150');
  await form.getByLabel('Validade do cupom').fill('0');
  await form.getByRole('button', { name: 'Salvar recuperação' }).click();
  await expect(form.getByText('A porcentagem vai de 1 a 100.')).toBeVisible();
  await expect(form.getByText('A validade deve ser maior que zero.')).toBeVisible();
  await expect(
    form.getByText('O cupom vai no segundo lembrete: informe depois de quantas horas ele sai.'),
  ).toBeVisible();
  await expect(
    form.getByText('O lembrete do Pix sai de 1 a 1.440 minutos antes de o código vencer.'),
  ).toBeVisible();
  await expect(
    form.getByText('Campo desconhecido na mensagem: {prazo}. Use {nome}, {valor} ou {vencimento}.'),
  ).toBeVisible();
  await expect(
    form.getByText('O primeiro lembrete sai depois de 5 a 10.080 minutos (7 dias).'),
  ).toBeVisible();
  await expect(form.getByText('Campo desconhecido na mensagem: {cupom}.', { exact: false })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Recuperação, campos recusados');
  await shotBoth(page, 'recovery-refused');
  const stored = await page.request.get(`${server.origin}/api/console/shops/${SLUG}/recovery/rule`);
  expect(((await stored.json()) as { data: { enabled: boolean } }).data.enabled).toBe(false);

  const quiet = quietAwayFromNow();
  await form.getByLabel('Primeiro lembrete após (minutos sem mudança)').fill('5');
  await form.getByLabel('Segundo lembrete após (horas)').fill('24');
  await form.getByLabel('Desconto (%)').fill('15');
  await form.getByLabel('Validade do cupom').fill('3');
  await form.getByLabel('Unidade da validade').selectOption({ label: 'dias' });
  await form.getByLabel('Das').fill(quiet.start);
  await form.getByLabel('Até').fill(quiet.end);
  await form.getByLabel('Mensagem').fill('Oi, {nome}! Seus itens ({itens}) esperam por você. {link}');
  await form.getByLabel('Dias em que a loja está fechada').fill('25/12/2026\n01/01/2027');
  await form.getByLabel('Lembrete do Pix antes de o código vencer (minutos)').fill('15');
  await form.getByLabel('Enviar um novo código quando o Pix ou o boleto vencer', { exact: false }).check();
  await form
    .getByLabel('Texto do lembrete de pagamento')
    .fill('Oi, {nome}! Seu Pix de {valor} vence em {vencimento}.');
  await form
    .getByLabel('Como o lembrete de pagamento chega')
    .selectOption({ label: 'Mensagem e evento para o chatbot' });
  const cartTemplate = form.getByRole('group', { name: 'Modelo aprovado do WhatsApp para carrinhos' });
  await cartTemplate.getByLabel('Fora da janela de 24 horas, enviar um modelo aprovado').check();
  await cartTemplate.getByLabel('Nome do modelo').fill('Carrinho Abandonado');
  await cartTemplate.getByLabel('Parâmetros do corpo', { exact: false }).fill('nome, itens, preco');
  await form.getByRole('button', { name: 'Salvar recuperação' }).click();
  await expect(cartTemplate.getByText('Use o nome do modelo como aprovado', { exact: false })).toBeVisible();
  await expect(cartTemplate.getByText('Parâmetro desconhecido: preco.', { exact: false })).toBeVisible();
  await expect(
    cartTemplate.getByText('use um modelo da categoria Marketing', { exact: false }),
  ).toBeVisible();
  await cartTemplate.getByLabel('Nome do modelo').fill('carrinho_abandonado');
  await cartTemplate.getByLabel('Parâmetros do corpo', { exact: false }).fill('nome, itens, link, cupom');
  await form.getByRole('button', { name: 'Salvar recuperação' }).click();
  await expect(page.getByText('Recuperação salva e ligada.')).toBeVisible();
  await shotBoth(page, 'recovery-rules');
  const saved = await page.request.get(`${server.origin}/api/console/shops/${SLUG}/recovery/rule`);
  expect(((await saved.json()) as { data: object }).data).toMatchObject({
    paymentEnabled: true,
    pixBeforeMinutes: 15,
    boletoDayBefore: true,
    newCodeAfterExpiry: true,
    cartDelivery: 'message',
    paymentDelivery: 'both',
    closedDays: ['2026-12-25', '2027-01-01'],
    secondCoupon: { kind: 'percentage', value: 15, validHours: 72 },
    cartWhatsAppTemplate: {
      name: 'carrinho_abandonado',
      language: 'pt_BR',
      parameters: ['nome', 'itens', 'link', 'cupom'],
    },
    paymentWhatsAppTemplate: null,
  });

  // The carts were last changed an hour ago; the worker's first round after the restart decides them. The scan
  // gate the first server's rounds moved on (one scan a minute across instances) opens now, so that first round
  // scans instead of waiting out the first server's minute.
  await server.stop();
  await onDb(server.dataDir, [
    [
      `update orders set updated_at = now() - interval '1 hour' where status = 0 and contact_id is not null`,
      [],
    ],
    ['update recovery_scan set next_at = now() where id = 1', []],
  ]);
  server = await startPrivateServer(name, { port: server.port });
  const list = page.getByRole('region', { name: 'Lembretes', exact: true });
  await expect(async () => {
    await page.reload();
    // 2 sent, their 2 second reminders scheduled, 1 skipped (the header row is hidden on phones).
    await expect(list.getByRole('row').filter({ hasText: /Enviado em|Agendado|Não enviado/ })).toHaveCount(
      5,
      {
        timeout: 2_000,
      },
    );
  }).toPass({ timeout: 150_000 }); // the worker polls every 30 s; the scan runs at most once a minute
  for (const contact of ['Ana Lima', 'Bruno Reis']) {
    await expect(
      (await rows(page)).filter({ hasText: contact }).filter({ hasText: 'Enviado em' }),
    ).toHaveCount(1);
    await expect((await rows(page)).filter({ hasText: contact }).filter({ hasText: 'Agendado' })).toHaveCount(
      1,
    );
  }
  const carla = (await rows(page)).filter({ hasText: 'Carla Dias' });
  await expect(carla).toContainText('Não enviado');
  await expect(carla).toContainText('Cliente pediu para parar');
  await expect(page.getByText('Recuperados nos últimos 30 dias:')).toContainText('0 pedidos, R$ 0,00');
  await expectAccessibleAtBothWidths(page, 'Recuperação, lembretes');
  await shotBoth(page, 'recovery-list');
});
