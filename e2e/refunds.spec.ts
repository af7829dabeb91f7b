import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { ownerOnNewShop } from './console-owner';
import { recordSecret } from './helpers';
import { PRIVATE_PLATFORM_KEY, type PrivateServer } from './private-server';
import { addPlacedOrder, addProductAndDelivery, trackStock } from './shop-data';

/**
 * Refunds in the console (issue 34, docs/decisions/0050): 5 of a tracked product in stock, a contact
 * confirms 2, the owner records the cash payment, which finalizes the order (on hand 3). 'Reembolsar' at 1366 px:
 * one unit with its return to stock, the amount prefilled with what it cost, the cash rail recorded by hand with
 * its reference, a review before any money moves and a double click that refunds once; the refund is listed as
 * Enviado and 'Recebido no estoque' puts it back (on hand 4). The same again at 375 px for the second unit
 * (on hand 5), after a refund above what is left is refused in pt-BR. A kilo line refunded by weight
 * through a rail that fails shows 'Falhou' with its reason, is found by the board's 'Reembolso pendente', and is
 * settled by 'Tentar novamente' recorded by hand. Desktop project only (both widths on its
 * own); REFUNDS_SHOTS=<dir> saves the screens.
 */
const SLUG = 'emporio-reembolso';
const PRODUCT = { providerId: 'AZEITE-R', name: 'Azeite Extra Virgem 500 ml', priceCents: 4_590 };
const OWNER = { name: 'Dona Marta', password: 'senha-da-dona-reembolso' };

let server: PrivateServer;
test.afterAll(async () => server?.stop());

/** The screen at its width into REFUNDS_SHOTS (a dialog: what the viewport shows; a page: all of it). */
async function shot(page: Page, name: string, dialog = false) {
  const dir = process.env.REFUNDS_SHOTS;
  if (!dir) return;
  const width = page.viewportSize()!.width;
  // Only when saving screens: the dialog's 300 ms entrance is over.
  if (dialog) await page.waitForTimeout(350);
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: !dialog });
}

/** A contact's order of `quantity`, confirmed through the storefront API as the chatbot's link would. */
async function confirmedOrder(quantity: number) {
  const minted = await fetch(`${server.origin}/api/platform/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PRIVATE_PLATFORM_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      shop: SLUG,
      sessionType: 'contact',
      channelType: 'whatsapp',
      contact: { name: 'Cliente Reembolso', phone: '5511987653001' },
    }),
  });
  expect(minted.status).toBe(201);
  const { code } = ((await minted.json()) as { data: { code: string } }).data;
  recordSecret(code);
  const call = (path: string, body?: object) =>
    fetch(`${server.origin}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${code}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  expect((await call('/api/order/items/', { providerId: PRODUCT.providerId, quantity })).status).toBe(200);
  // A contact confirms with GET (the chat link's 'Confirmar pedido').
  expect((await call('/api/order/confirm')).status).toBe(200);
}

/** The product's on-hand count in Catálogo's list. */
async function onHand(page: Page) {
  await page.goto(`${server.origin}/console/lojas/${SLUG}/catalogo`);
  return page.getByRole('row').filter({ hasText: PRODUCT.name }).locator('td[data-label="Estoque"]');
}

/** 'Reembolsar' one unit by hand (cash) with its return, then 'Recebido no estoque' of it, sellable. */
async function refundOne(page: Page, nth: number) {
  const refunds = page.getByRole('region', { name: 'Reembolsos' });
  await refunds.getByRole('button', { name: 'Reembolsar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reembolsar o pedido nº 2' });
  await dialog.getByLabel(PRODUCT.name).fill('1');
  // The amount follows the line: one unit's share of what it cost.
  await expect(dialog.getByLabel('Valor do reembolso (R$)')).toHaveValue('45,90');
  await expect(dialog.getByLabel('Os itens voltam ao estoque (ao receber a devolução)')).toBeChecked();
  await dialog.getByRole('button', { name: 'Revisar reembolso' }).click();
  // Cash goes back by hand: the reference is asked for before anything is sent.
  await expect(
    dialog.getByText('Informe a referência do reembolso feito por fora', { exact: false }),
  ).toBeVisible();
  await dialog.getByLabel('Referência do reembolso').fill(`Devolvido no caixa ${nth}`);
  await dialog.getByLabel('Motivo').fill('Chegou com a tampa quebrada');
  await shot(page, `reembolsar-${nth}`, true);
  await dialog.getByRole('button', { name: 'Revisar reembolso' }).click();
  const review = page.getByRole('dialog', { name: /Reembolsar R\$\s45,90 do pedido nº 2\?/ });
  await expect(review).toContainText('1 × Azeite Extra Virgem 500 ml');
  await expect(review).toContainText('Os itens voltam ao estoque quando a devolução for recebida.');
  await shot(page, `reembolsar-revisao-${nth}`, true);
  // A double click refunds once (one Idempotency-Key per opening, and the second click waits for the first).
  await review.getByRole('button', { name: /Reembolsar R\$\s45,90/ }).dblclick();
  await expect(review).toBeHidden();
  const entries = refunds.getByRole('listitem');
  await expect(entries).toHaveCount(nth);
  const entry = entries.nth(nth - 1);
  await expect(entry).toContainText(/Reembolso de R\$\s45,90\s*Enviado/);
  await expect(entry).toContainText('Volta por: Manual');
  await expect(entry).toContainText(`Referência: Devolvido no caixa ${nth}`);
  await expect(entry).toContainText('Motivo: Chegou com a tampa quebrada');
  await expect(entry).toContainText('por Dona Marta');

  await entry.getByRole('button', { name: 'Recebido no estoque' }).click();
  const back = page.getByRole('dialog', { name: 'Recebido no estoque' });
  await expect(back.getByLabel('Para venda')).toHaveValue('1');
  await shot(page, `recebido-no-estoque-${nth}`, true);
  await back.getByRole('button', { name: 'Registrar devolução' }).click();
  await expect(back).toBeHidden();
  await expect(entry).toContainText(
    /Recebido no estoque em .*: Azeite Extra Virgem 500 ml: 1 para venda, 0 com defeito/,
  );
  await expect(entry.getByRole('button', { name: 'Recebido no estoque' })).toHaveCount(0);
}

test('the owner refunds one item of a paid order with its return to stock, at 1366 and 375 px', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one journey, at both widths on its own');
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 860 });
  server = await ownerOnNewShop(page, {
    serverName: 'refunds',
    slug: SLUG,
    shopName: 'Empório Reembolso',
    owner: OWNER,
    seed: async (dataDir) => {
      await addProductAndDelivery(dataDir, SLUG, PRODUCT);
      await trackStock(dataDir, SLUG, 5);
      // Order nº 1: 1 kg of Banana prata (2 portions of 0,5 kg) paid through a sandbox charge the shop's account
      // cannot refund.
      await addPlacedOrder(dataDir, SLUG, {
        name: 'Cliente Quilo',
        phone: '5511987653002',
        totalCents: 2_400,
        quantity: 2,
        kiloPortion: 0.5,
        paid: true,
      });
    },
  });
  const at = (path: string) => `${server.origin}${path}`;
  await expect(await onHand(page)).toHaveText('5');

  // 5 in stock (tracked, counted in the seed); a contact confirms 2.
  await confirmedOrder(2);

  // The owner records the cash payment: paid in full, the order is finalized and sold 2 (on hand 3).
  await page.goto(at(`/console/lojas/${SLUG}/pedidos`));
  await page
    .getByRole('row', { name: /Cliente Reembolso/ })
    .getByRole('link')
    .click();
  const refunds = page.getByRole('region', { name: 'Reembolsos' });
  await expect(refunds).toHaveCount(0);
  const money = page.getByRole('region', { name: 'Pagamento' });
  await money.getByRole('button', { name: 'Registrar pagamento' }).click();
  const pay = page.getByRole('dialog', { name: /Registrar pagamento do pedido/ });
  await pay.getByLabel('Meio').selectOption({ label: 'Dinheiro' });
  await pay.getByRole('button', { name: 'Registrar pagamento' }).click();
  await expect(pay).toBeHidden();
  // Paid in full, the order is finalized (decision 0046): it sold its 2 (Catálogo's count below).
  await expect(page.locator('.order-summary')).toContainText('Pago');
  await expect(refunds).toContainText('Nenhum reembolso neste pedido.');
  await expect(refunds).toContainText(/Pode reembolsar\s*R\$\s91,80/);
  const detail = page.url();
  await expect(await onHand(page)).toHaveText('3');

  await page.goto(detail);
  await refundOne(page, 1);
  await expect(refunds).toContainText(/Reembolsado\s*R\$\s45,90/);
  await expectNoSeriousViolations(page, 'Pedido › Reembolsos');
  await shot(page, 'pedido-reembolsado');
  await expect(await onHand(page)).toHaveText('4');

  // A kilo line by its weight, through a rail that fails: 'Falhou' with the reason in pt-BR, then 'Tentar
  // novamente' recorded by hand.
  await page.goto(at(`/console/lojas/${SLUG}/pedidos`));
  await page
    .getByRole('row', { name: /Cliente Quilo/ })
    .getByRole('link')
    .click();
  await refunds.getByRole('button', { name: 'Reembolsar' }).click();
  const kilo = page.getByRole('dialog', { name: 'Reembolsar o pedido nº 1' });
  await expect(kilo.getByText('Pedido: 1 kg · até 1 kg', { exact: false })).toBeVisible();
  await kilo.getByLabel('Banana prata (kg)').fill('0,25');
  await expect(kilo.getByLabel('Valor do reembolso (R$)')).toHaveValue('6,00');
  await expect(kilo.getByLabel('Pelo Sandbox, automaticamente')).toBeChecked();
  await kilo.getByLabel('Motivo').fill('Bananas passadas');
  await kilo.getByRole('button', { name: 'Revisar reembolso' }).click();
  const ask = page.getByRole('dialog', { name: /Reembolsar R\$\s6,00 do pedido nº 1\?/ });
  await expect(ask).toContainText('250 g de Banana prata');
  await expect(ask).toContainText(/Sandbox devolve R\$\s6,00 a quem pagou/);
  await ask.getByRole('button', { name: /Reembolsar R\$\s6,00/ }).click();
  await expect(ask).toBeHidden();
  const failed = refunds.getByRole('listitem');
  await expect(failed).toContainText(
    'Falhou: A conta de pagamento deste pedido não está configurada para reembolsar.',
  );
  await expect(failed).toContainText(
    'Os itens voltam ao estoque ao receber a devolução, depois que o pedido for finalizado.',
  );
  await shot(page, 'reembolso-falhou');
  // The board's 'Reembolso pendente' finds it (and only it); its payment column says so.
  const kiloDetail = page.url();
  await page.goto(at(`/console/lojas/${SLUG}/pedidos`));
  await page.getByLabel('Reembolso', { exact: true }).selectOption({ label: 'Pendente' });
  await expect(page).toHaveURL(/[?&]refund=pending/);
  const pendingRows = page.getByRole('row').filter({ hasText: /Cliente (Quilo|Reembolso)/ });
  await expect(pendingRows).toHaveCount(1);
  await expect(pendingRows).toContainText(/Cliente Quilo.*Reembolso pendente R\$\s6,00/);
  await shot(page, 'quadro-reembolso-pendente');
  await page.goto(kiloDetail);
  await failed.getByRole('button', { name: 'Tentar novamente' }).click();
  const retry = page.getByRole('dialog', { name: /Tentar de novo o reembolso de R\$\s6,00\?/ });
  await expect(retry).toContainText('Última tentativa: A conta de pagamento');
  await retry.getByLabel('Já reembolsei por fora (registrar)').check();
  await retry.getByLabel('Referência do reembolso').fill('Pix manual E2E123');
  await shot(page, 'tentar-novamente', true);
  await retry.getByRole('button', { name: /Reembolsar R\$\s6,00/ }).click();
  await expect(retry).toBeHidden();
  await expect(failed).toContainText(/Reembolso de R\$\s6,00\s*Enviado/);
  await expect(failed).toContainText('Referência: Pix manual E2E123');

  // At 375 px: more than is left is refused in pt-BR; then the second unit.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(detail);
  await refunds.getByRole('button', { name: 'Reembolsar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reembolsar o pedido nº 2' });
  await dialog.getByLabel(PRODUCT.name).fill('2');
  await dialog.getByRole('button', { name: 'Revisar reembolso' }).click();
  await expect(dialog.getByText('No máximo 1.')).toBeVisible();
  await shot(page, 'reembolsar-recusado', true);
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await refundOne(page, 2);
  await expect(refunds).toContainText(/Pode reembolsar\s*R\$\s0,00/);
  await expect(refunds.getByRole('button', { name: 'Reembolsar' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'Pedido › Reembolsos (375 px)');
  await shot(page, 'pedido-reembolsado');
  if (process.env.REFUNDS_SHOTS)
    await refunds.screenshot({ path: `${process.env.REFUNDS_SHOTS}/reembolsos-card-375.png` });
  await expect(await onHand(page)).toHaveText('5');
});
