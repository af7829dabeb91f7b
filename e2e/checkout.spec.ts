/**
 * Agent checkout (/order/checkout): each test mints its own agent session for a fresh contact, puts lines in
 * the order through the API (as the catalogue would), then drives the checkout through the UI.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product } from '@vitrine/contracts/catalog';
import { formatReais } from '@vitrine/contracts/money';
import type { Order } from '@vitrine/contracts/order';
import { openStore, type SessionOptions } from './helpers';

const auth = (code: string) => ({ authorization: `Bearer ${code}` });

/** Opens the store as an agent for a new contact; returns the session code. */
async function openAsAgent(page: Page, request: APIRequestContext, shop: SessionOptions['shop']) {
  const link = await openStore(page, request, { shop, type: 'agent', channel: 'whatsapp' });
  return link.split('#')[1]!;
}

/** Puts `quantity` of each of the first `count` available top sellers in the order (first variant if any). */
async function fillOrder(request: APIRequestContext, code: string, count: number, quantity: number) {
  const top = await request.get('/api/catalog/top?perPage=10', { headers: auth(code) });
  const products = ((await top.json()) as { data: { data: Product[] } }).data.data.filter(
    (p) => p.isActive && !p.soldInKilo && !p.hasShippingRestriction,
  );
  let order: Order | null = null;
  for (const product of products.slice(0, count)) {
    const variant = product.dimensions.find((d) => d.isAvailable);
    const response = await request.post('/api/order/items/', {
      headers: auth(code),
      data: {
        providerId: product.providerId,
        quantity,
        ...(variant && {
          sku: variant.sku,
          attributes: Object.entries(variant.map).map(([providerId, optionProviderId]) => ({
            providerId,
            optionProviderId,
          })),
        }),
      },
    });
    expect(response.ok(), `POST /api/order/items/ answered ${response.status()}`).toBe(true);
    order = ((await response.json()) as { data: Order }).data;
  }
  return order!;
}

async function currentOrder(request: APIRequestContext, code: string): Promise<Order> {
  const response = await request.get('/api/order/current', { headers: auth(code) });
  return ((await response.json()) as { data: Order }).data;
}

async function openCheckout(page: Page) {
  await page.goto('/order/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeVisible();
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

async function fillContact(page: Page, corporate: boolean) {
  const contact = section(page, 'Dados do contato');
  await contact.getByLabel('Nome', { exact: true }).fill('Maria Souza');
  await contact.getByLabel('E-mail').fill('maria.souza@example.com');
  await contact.getByLabel('CPF').pressSequentially('52998224725');
  await expect(contact.getByLabel('CPF')).toHaveValue('529.982.247-25');
  if (!corporate) return;
  await contact.getByLabel('Incluir informações de pessoa jurídica?').check();
  await contact.getByLabel('CNPJ').pressSequentially('11222333000181');
  await expect(contact.getByLabel('CNPJ')).toHaveValue('11.222.333/0001-81');
  await contact.getByLabel('Razão Social').fill('Souza Comércio Ltda');
  await contact.getByLabel('Nome Fantasia').fill('Mercadinho Souza');
}

test('full delivery checkout: price table, new address by CEP, delivery, slot, CNPJ, cash with change', async ({
  page,
  request,
}) => {
  const code = await openAsAgent(page, request, 'hortifruti');
  const filled = await fillOrder(request, code, 3, 4);
  await openCheckout(page);

  // 1. Price table 'Atacado' reprices the order (10% below the catalogue).
  const summary = section(page, 'Resumo do pedido');
  await page.getByLabel('Tabela de preço').selectOption({ label: 'Atacado' });
  await expect.poll(async () => (await currentOrder(request, code)).providerPriceTableId).toBe('atacado');
  const repriced = await currentOrder(request, code);
  expect(repriced.itemsAmout).toBeLessThan(filled.itemsAmout);
  await expect(summary.getByText('Subtotal').locator('..')).toContainText(formatReais(repriced.itemsAmout));
  await expect(page.getByLabel('Tabela de preço')).toHaveValue('atacado');

  // No delivery option chosen yet: the summary does not promise free delivery.
  const deliveryAmount = summary.getByText('Entrega', { exact: true }).locator('..');
  await expect(deliveryAmount).toContainText('A calcular');
  await expect(deliveryAmount).not.toContainText('Grátis');

  // 2. Delivery to a new address found by its CEP.
  const delivery = section(page, 'Forma de entrega');
  await delivery.getByLabel('Entregamos para você').check();
  await delivery.getByRole('button', { name: 'Novo endereço' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo endereço' });
  await expect(dialog.getByLabel('Nome*')).toHaveValue('Casa');
  await dialog.getByLabel('CEP*').pressSequentially('01310100');
  await expect(dialog.getByLabel('CEP*')).toHaveValue('01310-100');
  await expect(dialog.getByLabel('Rua*')).toHaveValue('Avenida Paulista');
  await expect(dialog.getByLabel('Bairro*')).toHaveValue('bela-vista');
  await expect(dialog.getByLabel('Cidade*')).toHaveValue('São Paulo');
  await dialog.getByLabel('Número*').fill('1000');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog).toBeHidden();
  const addressSelect = delivery.getByLabel('Endereço de entrega');
  await expect(addressSelect.locator('option:checked')).toHaveText('Casa - Avenida Paulista, 1000');
  await expect(delivery.getByText('Loja Pinheiros', { exact: true })).toBeVisible();
  const option = delivery.getByRole('radio', { name: /Entrega - Loja Paulista/ });
  await expect(option).toBeVisible();
  await expect(delivery.getByText('Em até 1 dia útil')).toBeVisible();
  await option.check();
  await expect(deliveryAmount).toContainText('R$');

  // 3. A day, then one of its slots.
  const schedule = section(page, 'Agendamento');
  await schedule.getByLabel('Dia').selectOption({ index: 1 });
  await schedule.getByLabel('Horário').selectOption({ index: 1 });
  await expect.poll(async () => (await currentOrder(request, code)).checkout?.slot).not.toBeNull();

  // 5. Customer data with the company's.
  await fillContact(page, true);

  // 6. Pay on delivery in cash, with change for R$ 1.000,00.
  const payment = section(page, 'Forma de pagamento');
  await payment.getByLabel('Pagar na entrega').check();
  await payment.getByLabel('Grupo de pagamento').selectOption('Dinheiro');
  await payment.getByLabel('Meio de pagamento').selectOption({ label: 'Dinheiro' });
  const cash = payment.getByLabel('Valor em dinheiro (troco para)');
  await cash.fill('1');
  await cash.blur();
  await expect(payment.getByText('O valor deve ser maior que o valor do pedido!')).toBeVisible();
  await cash.fill('1000');
  await cash.blur();
  await expect(payment.getByText('O valor deve ser maior que o valor do pedido!')).toBeHidden();
  await expect
    .poll(async () => (await currentOrder(request, code)).checkout?.paymentOption?.cashAmount)
    .toBe(1000);

  await page.getByRole('button', { name: 'Finalizar e enviar Pagar na entrega' }).click();
  await expect(page).toHaveURL(/\/finish$/);
  await expect(page.getByRole('heading', { name: 'Pedido finalizado' })).toBeVisible();
  const customer = await request.get(`/api/session/${code}`);
  const saved = (
    (await customer.json()) as { data: { userShop: { customer: { corporateDocument: string } } } }
  ).data.userShop.customer;
  expect(saved.corporateDocument).toBe('11222333000181');
});

test('pickup checkout with a seller and a coupon', async ({ page, request }) => {
  const code = await openAsAgent(page, request, 'moda');
  await fillOrder(request, code, 1, 1); // one piece, R$ 50 or more: the coupon's minimum
  await openCheckout(page);

  await page.getByRole('combobox', { name: 'Loja', exact: true }).selectOption({ label: 'Loja Centro' });
  const summary = section(page, 'Resumo do pedido');
  await expect(summary.getByText('Taxa de serviço')).toBeVisible();

  const delivery = section(page, 'Forma de entrega');
  await delivery.getByLabel('Retirada em loja').check();
  const cep = delivery.getByLabel('CEP');
  const search = delivery.getByRole('button', { name: 'Buscar' });
  await cep.pressSequentially('2004000');
  await expect(search).toBeDisabled();
  await cep.pressSequentially('2');
  await expect(cep).toHaveValue('20040-002');
  await search.click();
  const pickup = delivery.getByRole('radio', { name: /Retirada - Loja Centro/ });
  await expect(delivery.getByRole('radio', { name: /Retirada - Loja Copacabana/ })).toHaveCount(0);
  await pickup.check();
  await expect(pickup).toBeChecked();

  // An unknown coupon: dialog 'Cupom' with the server's reason, then the code is reset.
  const coupon = summary.getByLabel('Cupom');
  await coupon.fill('NAOEXISTE');
  await summary.getByRole('button', { name: 'Aplicar' }).click();
  const couponDialog = page.getByRole('dialog', { name: 'Cupom' });
  await expect(couponDialog).toContainText('Cupom não encontrado.');
  await couponDialog.getByRole('button', { name: 'Ok' }).click();
  await expect(coupon).toHaveValue('');

  await coupon.fill('BEMVINDO10');
  await summary.getByRole('button', { name: 'Aplicar' }).click();
  await expect(summary.getByText('Cupom BEMVINDO10')).toBeVisible();

  await fillContact(page, false);
  const payment = section(page, 'Forma de pagamento');
  await payment.getByLabel('Pagar na entrega').check();
  await payment.getByLabel('Grupo de pagamento').selectOption('Cartão');
  await payment.getByLabel('Meio de pagamento').selectOption({ label: 'Crédito na entrega' });
  await expect
    .poll(async () => (await currentOrder(request, code)).checkout?.paymentOption?.providerId)
    .toBe('credit-on-delivery');

  await page.getByRole('button', { name: 'Finalizar e enviar Pagar na entrega' }).click();
  await expect(page.getByRole('heading', { name: 'Pedido finalizado' })).toBeVisible();
});

test('cancel asks first, then lands on the cancelled page', async ({ page, request }) => {
  const code = await openAsAgent(page, request, 'hortifruti');
  await fillOrder(request, code, 1, 2);
  await openCheckout(page);

  await page.getByRole('button', { name: 'Cancelar pedido' }).click();
  const dialog = page.getByRole('dialog', { name: 'Você tem certeza que deseja cancelar esse pedido?' });
  await dialog.getByRole('button', { name: 'Não' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/order\/checkout$/);

  await page.getByRole('button', { name: 'Cancelar pedido' }).click();
  await dialog.getByRole('button', { name: 'Sim' }).click();
  await expect(page).toHaveURL(/\/finish$/);
  await expect(page.getByRole('heading', { name: 'Pedido cancelado' })).toBeVisible();
});

test('a reload mid-checkout restores the form', async ({ page, request }) => {
  const code = await openAsAgent(page, request, 'hortifruti');
  await fillOrder(request, code, 1, 2);
  await openCheckout(page);

  const contact = section(page, 'Dados do contato');
  await contact.getByLabel('Nome', { exact: true }).fill('Joana Lima');
  await contact.getByLabel('E-mail').fill('joana@');
  await contact.getByLabel('Data de nascimento (opcional)').pressSequentially('31121990');
  await expect(contact.getByLabel('Data de nascimento (opcional)')).toHaveValue('31/12/1990');
  const delivery = section(page, 'Forma de entrega');
  await delivery.getByLabel('Retirada em loja').check();
  await delivery.getByLabel('CEP').pressSequentially('01310100');
  await delivery.getByRole('button', { name: 'Buscar' }).click();
  await delivery.getByRole('radio', { name: /Retirada - Loja Paulista/ }).check();
  await page.getByRole('radio', { name: 'PIX' }).check();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeVisible();
  await expect(contact.getByLabel('Nome', { exact: true })).toHaveValue('Joana Lima');
  await expect(contact.getByLabel('E-mail')).toHaveValue('joana@');
  await expect(contact.getByLabel('Data de nascimento (opcional)')).toHaveValue('31/12/1990');
  await expect(delivery.getByLabel('Retirada em loja')).toBeChecked();
  await expect(delivery.getByLabel('CEP')).toHaveValue('01310-100');
  await expect(delivery.getByRole('radio', { name: /Retirada - Loja Paulista/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'PIX' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Finalizar e enviar PIX' })).toBeVisible();

  // Another contact's session does not get this form.
  await openAsAgent(page, request, 'hortifruti');
  await openCheckout(page);
  await expect(section(page, 'Dados do contato').getByLabel('Nome', { exact: true })).toHaveValue(
    'Cliente E2E',
  );
  expect(code).toBeTruthy();
});

test('semi-automatic flow and back', async ({ page, request }) => {
  const code = await openAsAgent(page, request, 'hortifruti');
  await fillOrder(request, code, 1, 1);
  await openCheckout(page);

  await page.getByRole('button', { name: 'Enviar para fluxo semiautomático' }).click();
  await expect(page.getByText('Usuário em fluxo semiautomático')).toBeVisible();
  await page.getByRole('button', { name: 'Voltar para fluxo assistido' }).click();
  await expect(page.getByText('Usuário de volta para venda assistida')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar para fluxo semiautomático' })).toBeVisible();
  const order = await request.get('/api/order/current', { headers: auth(code) });
  expect(((await order.json()) as { data: Order }).data.isInSemiAutomatic).toBe(false);
});
