/**
 * The card payment page's set-up, shared by the payment and layout specs: an agent session for a fresh
 * contact builds and confirms an order paid by credit card through the API, then the contact's own session
 * opens the payment page.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { mintSession, type SessionOptions } from './helpers';
import { PAULISTA_ADDRESS } from '../apps/server/src/modules/checkout/paulista-address.ts';

const auth = (code: string) => ({ authorization: `Bearer ${code}` });
const codeOf = (link: string) => link.split('#')[1]!;

async function ok<T>(pending: ReturnType<APIRequestContext['get']>, what: string): Promise<T> {
  const response = await pending;
  expect(response.ok(), `${what} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A hortifruti order confirmed by an agent for `phone` (on `channel`), to be paid by credit card (or `method`). */
export async function confirmCardOrder(
  request: APIRequestContext,
  phone: string,
  method: PaymentMethod = PaymentMethod.CreditCard,
  channel: SessionOptions['channel'] = 'whatsapp',
): Promise<void> {
  const agent = codeOf(await mintSession(request, { type: 'agent', phone, channel }));
  const post = (url: string, data?: object) =>
    ok(request.post(url, { headers: auth(agent), data }), `POST ${url}`);
  const get = <T>(url: string) => ok<T>(request.get(url, { headers: auth(agent) }), `GET ${url}`);
  await post('/api/customer/update', {
    name: 'Maria Silva',
    email: 'maria@example.com',
    document: '529.982.247-25',
    birthDate: '15/03/1990',
  });
  await post('/api/order/address/', PAULISTA_ADDRESS);
  await post('/api/order/items/', { providerId: 'P1101', quantity: 5 });
  await post('/api/order/logistic/', { type: 1, providerId: 'loja-paulista-entrega', addressIndex: 0 });
  await post(`/api/order/payment/method?paymentMethod=${method}`);
  const days = await get<{ options: { id: string; enabled: boolean }[] }[]>('/api/order/schedule');
  const slot = days.flatMap((day) => day.options).find((option) => option.enabled);
  await post('/api/order/schedule', { id: slot?.id });
  await post('/api/order/confirm', {});
}

/** Confirms a card order for a fresh contact and opens its payment page in that contact's session. */
export async function openPaymentPage(page: Page, request: APIRequestContext): Promise<void> {
  const phone = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await confirmCardOrder(request, phone);
  await page.goto(await mintSession(request, { phone }));
  await page.getByRole('banner').locator('a[href="/catalog"]').waitFor();
  await page.goto('/order/payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento com cartão' })).toBeVisible();
}

export async function fillCard(page: Page, number: string, securityCode = '123') {
  await page.getByLabel('Tipo do cartão').selectOption({ label: 'Crédito' });
  await page.getByLabel('Número do cartão').fill(number);
  await page.getByLabel('Nome impresso no cartão').fill('Maria Silva');
  await page.getByLabel('Validade').fill('1230');
  await page.getByLabel('Código de segurança').fill(securityCode);
}
