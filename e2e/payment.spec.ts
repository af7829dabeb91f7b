/**
 * Card payment page (/order/payment) against the real server and its sandbox gateway, which decides by card
 * number: every sandbox outcome reaches its §8 dialog text, the captcha round trip, the change of method, and
 * paid → /finish. Each test gets its own contact: an agent session for that phone builds and confirms an
 * order paid by credit card through the API, then the contact's own session opens the payment page.
 */
import { expect, test, type Request } from '@playwright/test';
import { fillCard, openPaymentPage } from './payment-page';

const paymentCalls = (requests: Request[]) =>
  requests.filter((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/order/payment/credit');

const ADVICE = 'Você pode alterar a forma de pagamento ou modificar os dados antes de tentar novamente';

test('a paid card goes to /finish; the card leaves only through the payment call, with an idempotency key', async ({
  page,
  request,
}) => {
  await openPaymentPage(page, request);
  // No back button and no cart on this page.
  await expect(page.getByRole('button', { name: 'Voltar' })).toHaveCount(0);
  await expect(page.getByRole('banner').locator('a[href="/order"]')).toHaveCount(0);

  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await fillCard(page, '5555555555554444');
  await expect(page.getByLabel('Parcelas')).toHaveValue('1');
  await page.getByRole('button', { name: 'Finalizar pagamento' }).click();
  await expect(page).toHaveURL(/\/finish$/);
  await expect(page.getByRole('heading', { name: 'Pedido finalizado' })).toBeVisible();

  const [call] = paymentCalls(requests);
  expect(paymentCalls(requests)).toHaveLength(1);
  expect(call!.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(call!.postDataJSON()).toMatchObject({
    providerId: 'credit',
    installments: 1,
    number: '5555555555554444',
    securityCode: '123',
    expiryMonth: 12,
    expiryYear: 30,
    document: '529.982.247-25',
    zipCode: '01310-100',
    addressNumber: '1000',
  });
});

const FAILURES: [string, string][] = [
  ['4000000000009995', 'Limite de compras do cartão insuficiente'],
  ['4000000000000127', 'Os dados do cartão são inválidos'],
  ['4000000000000002', 'Aconteceu um erro com seu pagamento'],
  ['4000000000000069', 'O tempo para pagamento expirou'],
];

for (const [number, text] of FAILURES) {
  test(`card ${number} shows '${text}' and keeps the form to modify it`, async ({ page, request }) => {
    await openPaymentPage(page, request);
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await fillCard(page, number);
    await page.getByRole('button', { name: 'Finalizar pagamento' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text);
    await expect(dialog).toContainText(ADVICE);
    await expect(dialog.getByRole('button', { name: 'Alterar forma de pagamento' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Modificar dados do cartão' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/order\/payment$/);
    await expect(page.getByLabel('Número do cartão')).toHaveValue(number);

    // A new submit is a new attempt: a new idempotency key.
    await page.getByRole('button', { name: 'Finalizar pagamento' }).click();
    await expect(page.getByRole('dialog')).toContainText(text);
    const keys = paymentCalls(requests).map((r) => r.headers()['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });
}

test('a card that needs the captcha is paid after the captcha round trip', async ({ page, request }) => {
  await openPaymentPage(page, request);
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await fillCard(page, '4000000000003220');
  await page.getByRole('button', { name: 'Finalizar pagamento' }).click();

  const dialog = page.getByRole('dialog', { name: 'Verificação de segurança' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Não sou um robô' }).check();
  await expect(page).toHaveURL(/\/finish$/);

  const [first, second] = paymentCalls(requests);
  expect(paymentCalls(requests)).toHaveLength(2);
  expect(first!.postDataJSON()).not.toHaveProperty('recaptchaToken');
  expect(second!.postDataJSON()).toMatchObject({
    number: '4000000000003220',
    recaptchaKey: expect.stringMatching(/^fake-/) as unknown,
    recaptchaToken: 'fake-recaptcha-ok',
  });
});

test('changing the method from the error dialog goes to /change-payment', async ({ page, request }) => {
  await openPaymentPage(page, request);
  await fillCard(page, '4000000000000002');
  await page.getByRole('button', { name: 'Finalizar pagamento' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Aconteceu um erro com seu pagamento');

  const update = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/order/payment/update');
  await dialog.getByRole('button', { name: 'Alterar forma de pagamento' }).click();
  await update;
  await expect(page).toHaveURL(/\/change-payment$/);
  await expect(page.getByRole('heading', { name: 'Aguardando alteração...' })).toBeVisible();
});

test('an incomplete form only warns; brand, masks and CEP lookup follow what is typed', async ({
  page,
  request,
}) => {
  await openPaymentPage(page, request);
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));

  await page.getByLabel('Número do cartão').fill('3782 8224-6310 005');
  await expect(page.getByLabel('Número do cartão')).toHaveValue('378282246310005');
  await expect(page.locator('.card-preview')).toContainText('American Express');
  await expect(page.locator('.card-preview')).toContainText('3782 8224 6310 005');
  await page.getByLabel('Código de segurança').fill('12345');
  await expect(page.getByLabel('Código de segurança')).toHaveValue('1234');
  await page.getByLabel('Validade').fill('1230');
  await expect(page.getByLabel('Validade')).toHaveValue('12/30');

  await page.getByRole('button', { name: 'Finalizar pagamento' }).click();
  await expect(page.getByText('Por favor, verifique os campos e tente novamente')).toBeVisible();
  await expect(page.getByLabel('Tipo do cartão')).toHaveAttribute('aria-invalid', 'true');
  expect(paymentCalls(requests)).toHaveLength(0);

  // Choosing the card type sends installments 1; a valid CEP fills the address from the lookup.
  const installments = page.waitForRequest((r) => r.url().endsWith('/api/order/payment/credit/installments'));
  await page.getByLabel('Tipo do cartão').selectOption({ label: 'Crédito' });
  expect((await installments).postDataJSON()).toEqual({ providerId: 'credit', installments: 1 });
  await page.getByLabel('CEP').fill('01415000');
  await expect(page.getByLabel('CEP')).toHaveValue('01415-000');
  await expect(page.getByLabel('Endereço', { exact: true })).toHaveValue('Rua Augusta');
  await expect(page.getByLabel('Bairro')).toHaveValue('Consolação');
  await expect(page.getByLabel('Cidade')).toHaveValue('São Paulo');
  await expect(page.getByLabel('Estado')).toHaveValue('SP');
});

test('the /recaptcha page shows the token of the fake widget', async ({ page }) => {
  await page.goto('/recaptcha');
  await expect(page.getByRole('heading', { name: 'Verificação' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Não sou um robô' }).check();
  await expect(page.getByText('fake-recaptcha-ok')).toBeVisible();
});
